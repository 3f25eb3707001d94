import { WALLET_TYPES } from '@app/classify';
import { type V3WalletState } from '@app/contracts';
import { type AccountStateQueryRow } from '@app/database';
import { Cell } from '@ton/core';

type WalletData = Pick<V3WalletState, 'seqno' | 'wallet_id' | 'is_signature_allowed'>;

/**
 * The data fields of a wallet
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models): v1/v2 seqno;
 * v3/v4 seqno and wallet_id; v5r1 the signature-allowed bit, seqno and wallet_id; v5 beta seqno
 * after the bit. Data that does not parse gives no fields.
 */
function parseData(type: string, dataBoc: string | null): WalletData {
  if (dataBoc === null) {
    return {};
  }
  try {
    const s = Cell.fromBase64(dataBoc).beginParse();
    if (type.startsWith('wallet v1') || type.startsWith('wallet v2')) {
      return { seqno: s.loadUint(32) };
    }
    if (type.startsWith('wallet v3') || type.startsWith('wallet v4')) {
      return { seqno: s.loadUint(32), wallet_id: s.loadUint(32) };
    }
    if (type === 'wallet v5 r1') {
      return {
        is_signature_allowed: s.loadBit(),
        seqno: s.loadUint(32),
        wallet_id: s.loadInt(32),
      };
    }
    return { is_signature_allowed: s.loadBit(), seqno: s.loadUint(32) };
  } catch {
    // Data shorter than the wallet's layout: no wallet fields, as toncenter answers it.
    return {};
  }
}

/** A latest state as the v3 WalletState: wallet fields only for a recognised wallet code. */
export function toWalletState(r: AccountStateQueryRow): V3WalletState {
  const type = r.code_hash === null ? undefined : WALLET_TYPES.get(r.code_hash);
  const base = {
    address: r.account,
    is_wallet: type !== undefined,
    balance: r.balance,
    extra_currencies: r.balance_extra_currencies,
    status: r.account_status,
    code_hash: r.code_hash,
    last_transaction_hash: r.last_trans_hash,
    last_transaction_lt: r.last_trans_lt,
  };
  if (type === undefined) {
    return base;
  }
  return { ...base, wallet_type: type, ...parseData(type, r.data_boc) };
}
