import { type V3Block } from '@app/contracts';
import { type BlockRow } from '@app/database';
import { shardHex } from '../wire/wire-format';

/** A `blocks` row as the v3 Block (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). */
export function toV3Block(b: BlockRow): V3Block {
  return {
    workchain: b.workchain,
    shard: shardHex(b.shard),
    seqno: b.seqno,
    root_hash: b.root_hash,
    file_hash: b.file_hash,
    global_id: b.global_id,
    version: Number(b.version),
    after_merge: b.after_merge,
    before_split: b.before_split,
    after_split: b.after_split,
    want_merge: b.want_merge,
    want_split: b.want_split,
    key_block: b.key_block,
    vert_seqno_incr: b.vert_seqno_incr,
    flags: b.flags,
    gen_utime: b.gen_utime,
    start_lt: b.start_lt,
    end_lt: b.end_lt,
    validator_list_hash_short: Number(b.validator_list_hash_short),
    gen_catchain_seqno: Number(b.gen_catchain_seqno),
    min_ref_mc_seqno: b.min_ref_mc_seqno,
    prev_key_block_seqno: b.prev_key_block_seqno,
    vert_seqno: b.vert_seqno,
    // ton-index-go scans it into an int32: a masterchain block's missing ref reads as 0.
    master_ref_seqno: b.master_ref_seqno ?? 0,
    rand_seed: b.rand_seed,
    created_by: b.created_by,
    tx_count: b.tx_count,
    masterchain_block_ref: {
      workchain: b.mc_block_workchain ?? b.workchain,
      shard: shardHex(b.mc_block_shard ?? b.shard),
      seqno: b.mc_block_seqno ?? b.seqno,
    },
    prev_blocks: b.prev_blocks.map((p) => ({
      workchain: p.workchain,
      shard: shardHex(p.shard),
      seqno: p.seqno,
    })),
  };
}
