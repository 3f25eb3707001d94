import { z } from 'zod';

import { B64Hash, Bytes, Int32, Int64Str } from './primitives';

/**
 * tonlib-style wire objects exactly as toncenter v2 (2.1) renders them: int64 as decimal strings,
 * int32 as numbers, bytes/int256 as standard base64, every object tagged with its tonlib `@type`
 * (toncenter https://github.com/ton-blockchain/ton/blob/HEAD/tl/generate/scheme/tonlib_api.tl;
 * tonlib_api.tl). `@extra` is not part of these objects: the gateway puts it at
 * the top level of the envelope (2.1 placement,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */

/** `ton.blockIdExt workchain:int32 shard:int64 seqno:int32 root_hash:bytes file_hash:bytes` */
export const TonBlockIdExt = z
  .object({
    '@type': z.literal('ton.blockIdExt'),
    workchain: Int32,
    shard: Int64Str,
    seqno: Int32,
    root_hash: B64Hash,
    file_hash: B64Hash,
  })
  .strict();
export type TonBlockIdExt = z.infer<typeof TonBlockIdExt>;

/** `internal.transactionId lt:int64 hash:bytes`; lt "0" and a zero hash when there is none. */
export const InternalTransactionId = z
  .object({
    '@type': z.literal('internal.transactionId'),
    lt: Int64Str,
    hash: B64Hash,
  })
  .strict();
export type InternalTransactionId = z.infer<typeof InternalTransactionId>;

/** `blocks.masterchainInfo last:ton.blockIdExt state_root_hash:bytes init:ton.blockIdExt` */
export const BlocksMasterchainInfo = z
  .object({
    '@type': z.literal('blocks.masterchainInfo'),
    last: TonBlockIdExt,
    state_root_hash: B64Hash,
    init: TonBlockIdExt,
  })
  .strict();
export type BlocksMasterchainInfo = z.infer<typeof BlocksMasterchainInfo>;

/** `extraCurrency id:int32 amount:int64` */
export const ExtraCurrency = z
  .object({
    '@type': z.literal('extraCurrency'),
    id: Int32,
    amount: Int64Str,
  })
  .strict();
export type ExtraCurrency = z.infer<typeof ExtraCurrency>;

/**
 * Account state as toncenter computes it (getAddressInformation,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): code empty
 * → `frozen` if frozen_hash is non-empty, else `uninitialized`; otherwise `active`.
 */
export const AccountStatus = z.enum(['uninitialized', 'active', 'frozen']);
export type AccountStatus = z.infer<typeof AccountStatus>;

/**
 * `raw.fullAccountState` plus the fields toncenter adds: `state` (both versions) and `suspended`
 * (2.1, always present). A nonexistent account is not an error: tonlib's balance −1 is rendered as
 * the string "0" (2.1 behaviour; 2.0 flips it to the number 0).
 */
export const RawFullAccountState = z
  .object({
    '@type': z.literal('raw.fullAccountState'),
    balance: Int64Str,
    extra_currencies: z.array(ExtraCurrency),
    code: Bytes,
    data: Bytes,
    last_transaction_id: InternalTransactionId,
    /** The masterchain block the state was read at. */
    block_id: TonBlockIdExt,
    frozen_hash: z.union([z.literal(''), B64Hash]),
    sync_utime: Int32,
    state: AccountStatus,
    /** True for the early-miner accounts suspended by the 2023 network vote (2.1 wallets.hpp). */
    suspended: z.boolean(),
  })
  .strict();
export type RawFullAccountState = z.infer<typeof RawFullAccountState>;
