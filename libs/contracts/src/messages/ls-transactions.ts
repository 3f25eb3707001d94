import { z } from 'zod';

import { Subjects } from '../subjects';
import { B64Hash, Int32, Int64Str, RawAddress } from '../v2/primitives';
import {
  BlocksTransactions,
  BlocksTransactionsExt,
  ExtTransaction,
  RawTransactions,
} from '../v2/tonlib-transactions';

export * from '../v2/tonlib-transactions';

/**
 * Liteserver service requests of the v2 transactions endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): schemas
 * and the subject → {req, res} pairs registered in registry.ts. Inputs arrive parsed by the gateway: raw
 * addresses, int64 as decimal strings, hashes as standard base64.
 */

const NonNegativeInt64 = Int64Str.refine((s) => !s.startsWith('-'), 'expected a non-negative lt');

/** getTransactions / getTransactionsStd: a start point (lt + hash, or the last transaction). */
export const GetTransactionsReq = z
  .object({
    address: RawAddress,
    /** 2.1: 1…1000 (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
    limit: z.number().int().min(1).max(1000),
    lt: NonNegativeInt64.optional(),
    hash: B64Hash.optional(),
    /** Transactions with lt <= to_lt are not returned. */
    to_lt: NonNegativeInt64.optional(),
    /** Accepted; routing to full-history liteservers is the pool's concern. */
    archival: z.boolean().optional(),
  })
  .strict()
  .refine((r) => (r.lt === undefined) === (r.hash === undefined), 'lt and hash go together');
export type GetTransactionsReq = z.infer<typeof GetTransactionsReq>;
export const GetTransactionsRes = z.array(ExtTransaction);
export type GetTransactionsRes = z.infer<typeof GetTransactionsRes>;
export const GetTransactionsStdRes = RawTransactions;
export type GetTransactionsStdRes = z.infer<typeof GetTransactionsStdRes>;

/** getBlockTransactions(Ext): the block, an optional cursor and the count (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const GetBlockTransactionsReq = z
  .object({
    workchain: Int32,
    shard: Int64Str,
    seqno: Int32,
    root_hash: B64Hash.optional(),
    file_hash: B64Hash.optional(),
    after_lt: NonNegativeInt64.optional(),
    /** The 256-bit account id of the cursor's transaction. */
    after_hash: B64Hash.optional(),
    /** 2.1: 1…10000, default 40. */
    count: z.number().int().min(1).max(10000),
  })
  .strict()
  .refine(
    (r) => (r.after_lt === undefined) === (r.after_hash === undefined),
    'after_lt and after_hash go together',
  );
export type GetBlockTransactionsReq = z.infer<typeof GetBlockTransactionsReq>;
export const GetBlockTransactionsRes = BlocksTransactions;
export type GetBlockTransactionsRes = z.infer<typeof GetBlockTransactionsRes>;
export const GetBlockTransactionsExtRes = BlocksTransactionsExt;
export type GetBlockTransactionsExtRes = z.infer<typeof GetBlockTransactionsExtRes>;

/** tryLocateTx / tryLocateResultTx / tryLocateSourceTx: the message by its ends and created_lt (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const TryLocateTxReq = z
  .object({ source: RawAddress, destination: RawAddress, created_lt: NonNegativeInt64 })
  .strict();
export type TryLocateTxReq = z.infer<typeof TryLocateTxReq>;
export const TryLocateTxRes = ExtTransaction;
export type TryLocateTxRes = z.infer<typeof TryLocateTxRes>;

export const lsTransactionsContracts = {
  [Subjects.ls.getTransactions]: { req: GetTransactionsReq, res: GetTransactionsRes },
  [Subjects.ls.getTransactionsStd]: { req: GetTransactionsReq, res: GetTransactionsStdRes },
  [Subjects.ls.getBlockTransactions]: {
    req: GetBlockTransactionsReq,
    res: GetBlockTransactionsRes,
  },
  [Subjects.ls.getBlockTransactionsExt]: {
    req: GetBlockTransactionsReq,
    res: GetBlockTransactionsExtRes,
  },
  [Subjects.ls.tryLocateTx]: { req: TryLocateTxReq, res: TryLocateTxRes },
  [Subjects.ls.tryLocateResultTx]: { req: TryLocateTxReq, res: TryLocateTxRes },
  [Subjects.ls.tryLocateSourceTx]: { req: TryLocateTxReq, res: TryLocateTxRes },
} as const;
