import { type GetAddressInformationRes, type TonBlockIdExt } from '@app/contracts';
import { loadBlockInfoOfBlock } from '@app/ton';
import { type Address, Cell, type Dictionary } from '@ton/core';
import { type ClientAccountState } from 'ton-lite-client/dist/types';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { isSuspendedAccount } from './suspended-accounts';

/** tonlib renders cells as BoC with CRC32C and no index (base64 `te6cck…`, toncenter https://github.com/ton-blockchain/ton/blob/HEAD/tl/generate/scheme/tonlib_api.tl). */
export function cellToBase64(cell: Cell): string {
  return cell.toBoc({ idx: false, crc32: true }).toString('base64');
}

export function toTonBlockIdExt(id: {
  workchain: number;
  shard: string;
  seqno: number;
  rootHash: Buffer;
  fileHash: Buffer;
}): TonBlockIdExt {
  return {
    '@type': 'ton.blockIdExt',
    workchain: id.workchain,
    shard: id.shard,
    seqno: id.seqno,
    root_hash: id.rootHash.toString('base64'),
    file_hash: id.fileHash.toString('base64'),
  };
}

/** The zero state as tonlib renders `init`: shard "0", not the masterchain's shard id (https://github.com/ton-blockchain/ton/blob/HEAD/tl/generate/scheme/tonlib_api.tl). */
export function toZeroStateId(init: {
  workchain: number;
  rootHash: Buffer;
  fileHash: Buffer;
}): TonBlockIdExt {
  return {
    '@type': 'ton.blockIdExt',
    workchain: init.workchain,
    shard: '0',
    seqno: 0,
    root_hash: init.rootHash.toString('base64'),
    file_hash: init.fileHash.toString('base64'),
  };
}

const ZERO_HASH = Buffer.alloc(32).toString('base64');

/** A 256-bit hash held as a bigint (as ton-lite-client returns lastTx.hash) → 32 bytes. */
function hashFromBigint(hash: bigint): Buffer {
  return Buffer.from(hash.toString(16).padStart(64, '0'), 'hex');
}

/** tonlib's `extraCurrency` list of a CurrencyCollection's other currencies (empty without any). */
export function extraCurrencies(
  other: Pick<Dictionary<number, bigint>, 'keys' | 'get'> | null | undefined,
): GetAddressInformationRes['extra_currencies'] {
  if (!other) {
    return [];
  }
  return other.keys().map((id) => ({
    '@type': 'extraCurrency' as const,
    id,
    amount: (other.get(id) ?? 0n).toString(),
  }));
}

/**
 * `raw.fullAccountState` as toncenter 2.1 renders getAddressInformation
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): a missing
 * account is `uninitialized` with balance "0" (tonlib's -1 clamped); `state` is derived from code and
 * frozen_hash; `sync_utime` is the generation time of the shard block that holds the state, read from
 * the header the liteserver proves (root 0 of the proof keeps the block header); `suspended` follows
 * toncenter's list of frozen early-miner accounts (see suspended-accounts.ts).
 */
export function toRawFullAccountState(
  address: Address,
  account: ClientAccountState,
  masterchainBlock: tonNode_blockIdExt,
): GetAddressInformationRes {
  const [blockProof] = Cell.fromBoc(account.proof);
  const provenBlock = blockProof?.refs[0];
  if (!provenBlock) {
    throw new Error('the liteserver sent an account state without a block proof');
  }
  const syncUtime = loadBlockInfoOfBlock(provenBlock).genUtime;
  const state = account.state?.storage.state;
  const code = state?.type === 'active' ? state.state.code : undefined;
  const data = state?.type === 'active' ? state.state.data : undefined;
  const frozenHash =
    state?.type === 'frozen' ? hashFromBigint(state.stateHash).toString('base64') : '';
  return {
    '@type': 'raw.fullAccountState',
    balance: account.balance.coins.toString(),
    extra_currencies: extraCurrencies(account.balance.other),
    code: code ? cellToBase64(code) : '',
    data: data ? cellToBase64(data) : '',
    last_transaction_id: {
      '@type': 'internal.transactionId',
      lt: account.lastTx ? account.lastTx.lt.toString() : '0',
      hash: account.lastTx ? hashFromBigint(account.lastTx.hash).toString('base64') : ZERO_HASH,
    },
    block_id: toTonBlockIdExt(masterchainBlock),
    frozen_hash: frozenHash,
    sync_utime: syncUtime,
    state: code ? 'active' : frozenHash !== '' ? 'frozen' : 'uninitialized',
    suspended: isSuspendedAccount(address.toRawString(), syncUtime),
  };
}
