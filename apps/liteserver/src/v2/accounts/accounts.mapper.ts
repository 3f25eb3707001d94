import {
  type GetExtendedAddressInformationRes,
  type GetWalletInformationRes,
  type TonlibAccountState,
} from '@app/contracts';
import { toRawFullAccountState } from '../tonlib.mapper';
import { type AccountSnapshot } from './account-snapshot';
import { detectTonlibWallet } from './tonlib-wallet-detector';
import { detectWallet } from './wallet-detector';

/**
 * getWalletInformation (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml, 2.1 shape):
 * a recognised wallet code
 * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/wallet.py) gives
 * `wallet_type`, `seqno` (not for highload v2/v3, which have none), and for v3/v4/v5/highload
 * `wallet_id` (v5 also `is_signature_allowed`); anything else — another contract, an uninitialised
 * or frozen account — is `wallet:false` without them.
 */
export function toWalletInformation(snapshot: AccountSnapshot): GetWalletInformationRes {
  const raw = toRawFullAccountState(snapshot.address, snapshot.account, snapshot.block);
  const base = {
    '@type': 'ext.accounts.walletInformation' as const,
    balance: raw.balance,
    account_state: raw.state,
    last_transaction_id: raw.last_transaction_id,
  };
  const wallet =
    snapshot.code && snapshot.data ? detectWallet(snapshot.code, snapshot.data) : undefined;
  if (!wallet) {
    return { ...base, wallet: false };
  }
  const { fields } = wallet;
  return {
    ...base,
    wallet: true,
    wallet_type: wallet.kind.walletType,
    ...(fields.seqno === undefined ? {} : { seqno: fields.seqno }),
    ...(fields.walletId === undefined ? {} : { wallet_id: fields.walletId }),
    ...(fields.isSignatureAllowed === undefined
      ? {}
      : { is_signature_allowed: fields.isSignatureAllowed }),
  };
}

/**
 * getExtendedAddressInformation
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): tonlib
 * `fullAccountState`. tonlib recognises only its own wallet types (v3, v4 r2, highload v1/v2 here);
 * every other active contract — v1, v2, v4 r1 and v5 wallets included — is `raw.accountState`; an
 * account without code is `uninited.accountState` with its frozen hash.
 */
export function toFullAccountState(snapshot: AccountSnapshot): GetExtendedAddressInformationRes {
  const raw = toRawFullAccountState(snapshot.address, snapshot.account, snapshot.block);
  const { accountState, revision } = tonlibAccountState(snapshot, raw);
  return {
    '@type': 'fullAccountState',
    address: {
      '@type': 'accountAddress',
      // tonlib writes account addresses bounceable, url-safe, test flag off
      // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
      account_address: snapshot.address.toString({ bounceable: true, urlSafe: true }),
    },
    balance: raw.balance,
    extra_currencies: raw.extra_currencies,
    last_transaction_id: raw.last_transaction_id,
    block_id: raw.block_id,
    sync_utime: raw.sync_utime,
    account_state: accountState,
    revision,
  };
}

function tonlibAccountState(
  snapshot: AccountSnapshot,
  raw: { code: string; data: string; frozen_hash: string },
): { accountState: TonlibAccountState; revision: number } {
  if (!snapshot.code) {
    return {
      accountState: { '@type': 'uninited.accountState', frozen_hash: raw.frozen_hash },
      revision: 0,
    };
  }
  const wallet = snapshot.data ? detectTonlibWallet(snapshot.code, snapshot.data) : undefined;
  if (wallet) {
    return { accountState: wallet.state, revision: wallet.revision };
  }
  return {
    accountState: {
      '@type': 'raw.accountState',
      code: raw.code,
      data: raw.data,
      frozen_hash: raw.frozen_hash,
    },
    revision: 0,
  };
}
