import { z } from 'zod';

import { B64Hash, Bytes, Int32, Int64Str } from './primitives';
import { TonBlockIdExt } from './tonlib';

/**
 * tonlib wire objects of the v2 blocks endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml;
 * tonlib_api.tl), as toncenter 2.1 renders them: int64 as decimal strings, int32/int53 as numbers,
 * bytes as standard base64.
 */

/** `blocks.shards shards:vector<ton.blockIdExt>` (getShards / shards, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const BlocksShards = z
  .object({
    '@type': z.literal('blocks.shards'),
    shards: z.array(TonBlockIdExt),
  })
  .strict();
export type BlocksShards = z.infer<typeof BlocksShards>;

/**
 * `blocks.header id global_id:int32 version:int32 flags:# after_merge:Bool after_split:Bool
 *  before_split:Bool want_merge:Bool want_split:Bool validator_list_hash_short:int32
 *  catchain_seqno:int32 min_ref_mc_seqno:int32 is_key_block:Bool prev_key_block_seqno:int32
 *  start_lt:int64 end_lt:int64 gen_utime:int53 vert_seqno:# prev_blocks:vector<ton.blockIdExt>`
 * (getBlockHeader,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml; tonweb's
 * block subscription reads end_lt and prev_blocks).
 */
export const BlocksHeader = z
  .object({
    '@type': z.literal('blocks.header'),
    id: TonBlockIdExt,
    global_id: Int32,
    version: Int32,
    flags: Int32,
    after_merge: z.boolean(),
    after_split: z.boolean(),
    before_split: z.boolean(),
    want_merge: z.boolean(),
    want_split: z.boolean(),
    validator_list_hash_short: Int32,
    catchain_seqno: Int32,
    min_ref_mc_seqno: Int32,
    is_key_block: z.boolean(),
    prev_key_block_seqno: Int32,
    start_lt: Int64Str,
    end_lt: Int64Str,
    gen_utime: z.number().int().nonnegative(),
    vert_seqno: Int32,
    prev_blocks: z.array(TonBlockIdExt),
  })
  .strict();
export type BlocksHeader = z.infer<typeof BlocksHeader>;

/**
 * `ext.blocks.consensusBlock` (2.1 getConsensusBlock,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): the
 * masterchain seqno the liteserver pool agrees on, and the current unix time.
 */
export const ConsensusBlock = z
  .object({
    '@type': z.literal('ext.blocks.consensusBlock'),
    consensus_block: Int32,
    timestamp: z.number().int().nonnegative(),
  })
  .strict();
export type ConsensusBlock = z.infer<typeof ConsensusBlock>;

/** `blocks.signature node_id_short:int256 signature:bytes` */
export const BlocksSignature = z
  .object({
    '@type': z.literal('blocks.signature'),
    node_id_short: B64Hash,
    signature: Bytes,
  })
  .strict();
export type BlocksSignature = z.infer<typeof BlocksSignature>;

/** `blocks.blockSignatures id:ton.blockIdExt signatures:vector<blocks.signature>` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const BlocksBlockSignatures = z
  .object({
    '@type': z.literal('blocks.blockSignatures'),
    id: TonBlockIdExt,
    signatures: z.array(BlocksSignature),
  })
  .strict();
export type BlocksBlockSignatures = z.infer<typeof BlocksBlockSignatures>;

/** `blocks.shardBlockLink id:ton.blockIdExt proof:bytes` */
export const BlocksShardBlockLink = z
  .object({
    '@type': z.literal('blocks.shardBlockLink'),
    id: TonBlockIdExt,
    proof: Bytes,
  })
  .strict();
export type BlocksShardBlockLink = z.infer<typeof BlocksShardBlockLink>;

/** `blocks.blockLinkBack to_key_block:Bool from to dest_proof:bytes proof:bytes state_proof:bytes` */
export const BlocksBlockLinkBack = z
  .object({
    '@type': z.literal('blocks.blockLinkBack'),
    to_key_block: z.boolean(),
    from: TonBlockIdExt,
    to: TonBlockIdExt,
    dest_proof: Bytes,
    proof: Bytes,
    state_proof: Bytes,
  })
  .strict();
export type BlocksBlockLinkBack = z.infer<typeof BlocksBlockLinkBack>;

/**
 * `blocks.shardBlockProof from:ton.blockIdExt mc_id:ton.blockIdExt links:vector<blocks.shardBlockLink>
 * mc_proof:vector<blocks.blockLinkBack>` (getShardBlockProof,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const BlocksShardBlockProof = z
  .object({
    '@type': z.literal('blocks.shardBlockProof'),
    from: TonBlockIdExt,
    mc_id: TonBlockIdExt,
    links: z.array(BlocksShardBlockLink),
    mc_proof: z.array(BlocksBlockLinkBack),
  })
  .strict();
export type BlocksShardBlockProof = z.infer<typeof BlocksShardBlockProof>;

/** `blocks.outMsgQueueSize id:ton.blockIdExt size:int32` */
export const BlocksOutMsgQueueSize = z
  .object({
    '@type': z.literal('blocks.outMsgQueueSize'),
    id: TonBlockIdExt,
    size: Int32,
  })
  .strict();
export type BlocksOutMsgQueueSize = z.infer<typeof BlocksOutMsgQueueSize>;

/**
 * `blocks.outMsgQueueSizes shards:vector<blocks.outMsgQueueSize> ext_msg_queue_size_limit:int32`
 * (2.1 getOutMsgQueueSize,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const BlocksOutMsgQueueSizes = z
  .object({
    '@type': z.literal('blocks.outMsgQueueSizes'),
    shards: z.array(BlocksOutMsgQueueSize),
    ext_msg_queue_size_limit: Int32,
  })
  .strict();
export type BlocksOutMsgQueueSizes = z.infer<typeof BlocksOutMsgQueueSizes>;
