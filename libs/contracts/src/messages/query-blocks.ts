import { z } from 'zod';

import { Subjects } from '../subjects';
import { Paging, SortOrder, TimeRange } from './query-request';
import { B64Hash, DecStr, Int, ShardHex } from './query-wire';

/**
 * Query service requests of the v3 block endpoints (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and the Block
 * shape (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). Requests
 * arrive parsed by the gateway: shards as signed decimal strings, hashes as
 * standard base64.
 */

/** `{workchain, shard, seqno}` of masterchain_block_ref, prev_blocks and block_ref. */
export const V3BlockId = z.object({ workchain: Int, shard: ShardHex, seqno: Int }).strict();
export type V3BlockId = z.infer<typeof V3BlockId>;

/** Block (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models): gen_utime, start_lt and end_lt as strings, the other integers as numbers. */
export const V3Block = z
  .object({
    workchain: Int,
    shard: ShardHex,
    seqno: Int,
    root_hash: B64Hash,
    file_hash: B64Hash,
    global_id: Int,
    version: z.number().int(),
    after_merge: z.boolean(),
    before_split: z.boolean(),
    after_split: z.boolean(),
    want_merge: z.boolean(),
    want_split: z.boolean(),
    key_block: z.boolean(),
    vert_seqno_incr: z.boolean(),
    flags: Int,
    gen_utime: DecStr,
    start_lt: DecStr,
    end_lt: DecStr,
    validator_list_hash_short: z.number().int(),
    gen_catchain_seqno: z.number().int(),
    min_ref_mc_seqno: Int,
    prev_key_block_seqno: Int,
    vert_seqno: Int,
    master_ref_seqno: Int,
    rand_seed: B64Hash,
    created_by: B64Hash,
    tx_count: z.number().int(),
    masterchain_block_ref: V3BlockId,
    prev_blocks: z.array(V3BlockId),
  })
  .strict();
export type V3Block = z.infer<typeof V3Block>;

export const V3BlocksRes = z.object({ blocks: z.array(V3Block) }).strict();
export type V3BlocksRes = z.infer<typeof V3BlocksRes>;

/** masterchainInfo: no parameters; the lowest and highest masterchain blocks stored. */
export const MasterchainInfoReq = z.object({}).strict();
export type MasterchainInfoReq = z.infer<typeof MasterchainInfoReq>;
export const MasterchainInfoRes = z.object({ first: V3Block, last: V3Block }).strict();
export type MasterchainInfoRes = z.infer<typeof MasterchainInfoRes>;

/** blocks: filters, paging and an optional sort by gen_utime (unordered without it, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const BlocksReq = z
  .object({
    workchain: Int.optional(),
    shard: DecStr.optional(),
    seqno: Int.optional(),
    root_hash: B64Hash.optional(),
    file_hash: B64Hash.optional(),
    mc_seqno: Int.optional(),
    ...TimeRange,
    ...Paging,
    sort: SortOrder.optional(),
  })
  .strict();
export type BlocksReq = z.infer<typeof BlocksReq>;

/** masterchainBlockShardState: the shard tops of masterchain block `seqno` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const MasterchainBlockShardStateReq = z.object({ seqno: Int }).strict();
export type MasterchainBlockShardStateReq = z.infer<typeof MasterchainBlockShardStateReq>;

/** masterchainBlockShards: the blocks first committed by masterchain block `seqno` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const MasterchainBlockShardsReq = z
  .object({ seqno: Int, ...Paging, sort: SortOrder.optional() })
  .strict();
export type MasterchainBlockShardsReq = z.infer<typeof MasterchainBlockShardsReq>;

export const queryBlocksContracts = {
  [Subjects.query.masterchainInfo]: { req: MasterchainInfoReq, res: MasterchainInfoRes },
  [Subjects.query.blocks]: { req: BlocksReq, res: V3BlocksRes },
  [Subjects.query.masterchainBlockShardState]: {
    req: MasterchainBlockShardStateReq,
    res: V3BlocksRes,
  },
  [Subjects.query.masterchainBlockShards]: { req: MasterchainBlockShardsReq, res: V3BlocksRes },
} as const;
