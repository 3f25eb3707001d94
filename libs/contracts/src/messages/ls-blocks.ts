import { z } from 'zod';

import { Subjects } from '../subjects';
import { B64Hash, Int32, Int64Str } from '../v2/primitives';
import {
  BlocksBlockSignatures,
  BlocksHeader,
  BlocksOutMsgQueueSizes,
  BlocksShardBlockProof,
  BlocksShards,
  ConsensusBlock,
} from '../v2/tonlib-blocks';
import { TonBlockIdExt } from '../v2/tonlib';
import { MasterchainSeqno } from './ls';

export * from '../v2/tonlib-blocks';

/**
 * Liteserver service requests of the v2 blocks endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): schemas
 * and the subject → {req, res} pairs registered in registry.ts.
 */

/** A block seqno of any chain (`seqno:int32` of tonNode.blockId, unsigned in block.tlb). */
export const BlockSeqno = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 32 - 1);

/** A non-negative logical time as a decimal string. */
const LtStr = Int64Str.refine((s) => !s.startsWith('-'), 'expected a non-negative lt');

/**
 * lookupBlock: a shard chain (`workchain`, any `shard` inside it) and exactly one of `seqno`, `lt`,
 * `unixtime` (2.1; tonlib mode 1·seqno + 2·lt + 4·unixtime,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const LookupBlockReq = z
  .object({
    workchain: Int32,
    shard: Int64Str,
    seqno: BlockSeqno.optional(),
    lt: LtStr.optional(),
    unixtime: z
      .number()
      .int()
      .nonnegative()
      .max(2 ** 32 - 1)
      .optional(),
  })
  .strict()
  .refine(
    (r) => [r.seqno, r.lt, r.unixtime].filter((v) => v !== undefined).length === 1,
    'exactly one of seqno, lt, unixtime should be specified',
  );
export type LookupBlockReq = z.infer<typeof LookupBlockReq>;
export const LookupBlockRes = TonBlockIdExt;
export type LookupBlockRes = z.infer<typeof LookupBlockRes>;

/** getShards / shards: the shard tops committed by masterchain block `seqno` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const GetShardsReq = z.object({ seqno: MasterchainSeqno }).strict();
export type GetShardsReq = z.infer<typeof GetShardsReq>;
export const GetShardsRes = BlocksShards;
export type GetShardsRes = z.infer<typeof GetShardsRes>;

/**
 * getBlockHeader: a block by workchain, shard and seqno; with both `root_hash` and `file_hash` the id
 * is taken as given and no lookup is made
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const GetBlockHeaderReq = z
  .object({
    workchain: Int32,
    shard: Int64Str,
    seqno: BlockSeqno,
    root_hash: B64Hash.optional(),
    file_hash: B64Hash.optional(),
  })
  .strict();
export type GetBlockHeaderReq = z.infer<typeof GetBlockHeaderReq>;
export const GetBlockHeaderRes = BlocksHeader;
export type GetBlockHeaderRes = z.infer<typeof GetBlockHeaderRes>;

/** getConsensusBlock: no parameters (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const GetConsensusBlockReq = z.object({}).strict();
export type GetConsensusBlockReq = z.infer<typeof GetConsensusBlockReq>;
export const GetConsensusBlockRes = ConsensusBlock;
export type GetConsensusBlockRes = z.infer<typeof GetConsensusBlockRes>;

/** getMasterchainBlockSignatures: masterchain `seqno` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const GetMasterchainBlockSignaturesReq = z.object({ seqno: MasterchainSeqno }).strict();
export type GetMasterchainBlockSignaturesReq = z.infer<typeof GetMasterchainBlockSignaturesReq>;
export const GetMasterchainBlockSignaturesRes = BlocksBlockSignatures;
export type GetMasterchainBlockSignaturesRes = z.infer<typeof GetMasterchainBlockSignaturesRes>;

/**
 * getShardBlockProof: the block (workchain, shard, seqno) and optionally the masterchain block
 * `from_seqno` the proof should start from (tonlib mode 1,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const GetShardBlockProofReq = z
  .object({
    workchain: Int32,
    shard: Int64Str,
    seqno: BlockSeqno,
    from_seqno: BlockSeqno.optional(),
  })
  .strict();
export type GetShardBlockProofReq = z.infer<typeof GetShardBlockProofReq>;
export const GetShardBlockProofRes = BlocksShardBlockProof;
export type GetShardBlockProofRes = z.infer<typeof GetShardBlockProofRes>;

/** getOutMsgQueueSize: no parameters (2.1, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const GetOutMsgQueueSizeReq = z.object({}).strict();
export type GetOutMsgQueueSizeReq = z.infer<typeof GetOutMsgQueueSizeReq>;
export const GetOutMsgQueueSizeRes = BlocksOutMsgQueueSizes;
export type GetOutMsgQueueSizeRes = z.infer<typeof GetOutMsgQueueSizeRes>;

export const lsBlocksContracts = {
  [Subjects.ls.lookupBlock]: { req: LookupBlockReq, res: LookupBlockRes },
  [Subjects.ls.getShards]: { req: GetShardsReq, res: GetShardsRes },
  [Subjects.ls.getBlockHeader]: { req: GetBlockHeaderReq, res: GetBlockHeaderRes },
  [Subjects.ls.getConsensusBlock]: { req: GetConsensusBlockReq, res: GetConsensusBlockRes },
  [Subjects.ls.getMasterchainBlockSignatures]: {
    req: GetMasterchainBlockSignaturesReq,
    res: GetMasterchainBlockSignaturesRes,
  },
  [Subjects.ls.getShardBlockProof]: { req: GetShardBlockProofReq, res: GetShardBlockProofRes },
  [Subjects.ls.getOutMsgQueueSize]: { req: GetOutMsgQueueSizeReq, res: GetOutMsgQueueSizeRes },
} as const;
