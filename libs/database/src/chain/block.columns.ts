import { type BlockIdFull, type ParsedBlockHeader } from '@app/ton';
import { type BlockRefJson } from '../entities/block-ref.json';
import { type BulkColumn, dec } from '../repositories/unnest-insert';

/** A `blocks` row: the parsed header and the masterchain block that commits it. */
export interface BlockRow {
  readonly header: ParsedBlockHeader;
  readonly mcSeqno: number;
  /** The masterchain shard id as a signed bigint (the mc block points at itself, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
  readonly mcShard: bigint;
}

function prevBlocksJson(prev: readonly BlockIdFull[]): string {
  const refs: BlockRefJson[] = prev.map((p) => ({
    workchain: p.workchain,
    shard: p.shard.toString(),
    seqno: p.seqno,
  }));
  return JSON.stringify(refs);
}

export const BLOCK_COLUMNS: readonly BulkColumn<BlockRow>[] = [
  { name: 'workchain', type: 'integer', value: (r) => r.header.workchain },
  { name: 'shard', type: 'bigint', value: (r) => dec(r.header.shard) },
  { name: 'seqno', type: 'integer', value: (r) => r.header.seqno },
  { name: 'root_hash', type: 'text', value: (r) => r.header.rootHash },
  { name: 'file_hash', type: 'text', value: (r) => r.header.fileHash },
  { name: 'mc_block_workchain', type: 'integer', value: () => -1 },
  { name: 'mc_block_shard', type: 'bigint', value: (r) => dec(r.mcShard) },
  { name: 'mc_block_seqno', type: 'integer', value: (r) => r.mcSeqno },
  { name: 'global_id', type: 'integer', value: (r) => r.header.globalId },
  { name: 'version', type: 'bigint', value: (r) => r.header.version },
  { name: 'after_merge', type: 'boolean', value: (r) => r.header.afterMerge },
  { name: 'before_split', type: 'boolean', value: (r) => r.header.beforeSplit },
  { name: 'after_split', type: 'boolean', value: (r) => r.header.afterSplit },
  { name: 'want_merge', type: 'boolean', value: (r) => r.header.wantMerge },
  { name: 'want_split', type: 'boolean', value: (r) => r.header.wantSplit },
  { name: 'key_block', type: 'boolean', value: (r) => r.header.keyBlock },
  { name: 'vert_seqno_incr', type: 'boolean', value: (r) => r.header.vertSeqnoIncr },
  { name: 'flags', type: 'integer', value: (r) => r.header.flags },
  { name: 'gen_utime', type: 'bigint', value: (r) => r.header.genUtime },
  { name: 'start_lt', type: 'bigint', value: (r) => dec(r.header.startLt) },
  { name: 'end_lt', type: 'bigint', value: (r) => dec(r.header.endLt) },
  {
    name: 'validator_list_hash_short',
    type: 'bigint',
    value: (r) => r.header.validatorListHashShort,
  },
  { name: 'gen_catchain_seqno', type: 'bigint', value: (r) => r.header.genCatchainSeqno },
  { name: 'min_ref_mc_seqno', type: 'integer', value: (r) => r.header.minRefMcSeqno },
  { name: 'prev_key_block_seqno', type: 'integer', value: (r) => r.header.prevKeyBlockSeqno },
  { name: 'vert_seqno', type: 'integer', value: (r) => r.header.vertSeqno },
  { name: 'master_ref_seqno', type: 'integer', value: (r) => r.header.masterRefSeqno },
  { name: 'rand_seed', type: 'text', value: (r) => r.header.randSeed },
  { name: 'created_by', type: 'text', value: (r) => r.header.createdBy },
  { name: 'tx_count', type: 'integer', value: (r) => r.header.txCount },
  { name: 'prev_blocks', type: 'jsonb', value: (r) => prevBlocksJson(r.header.prevBlocks) },
];

/** A `shard_state` row: a block committed (as a shard top, or itself) by masterchain block mcSeqno. */
export interface ShardStateRow {
  readonly mcSeqno: number;
  readonly workchain: number;
  readonly shard: bigint;
  readonly seqno: number;
}

export const SHARD_STATE_COLUMNS: readonly BulkColumn<ShardStateRow>[] = [
  { name: 'mc_seqno', type: 'integer', value: (r) => r.mcSeqno },
  { name: 'workchain', type: 'integer', value: (r) => r.workchain },
  { name: 'shard', type: 'bigint', value: (r) => dec(r.shard) },
  { name: 'seqno', type: 'integer', value: (r) => r.seqno },
];
