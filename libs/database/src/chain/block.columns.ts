import { BlockEntity } from '../entities/block.entity';
import { bulkColumns, ownColumns, type WriteRow } from '../entities/bulk-columns';
import { ShardStateEntity } from '../entities/shard-state.entity';
import { type BlockIdFull, type ParsedBlockHeader } from '@app/ton';
import { type BlockRefJson } from '../entities/block-ref.json';

/** A `blocks` row: the parsed header and the masterchain block that commits it. */
export interface BlockRow {
  readonly header: ParsedBlockHeader;
  readonly mcSeqno: number;
  /** The masterchain shard id as a signed bigint (the mc block points at itself, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
  readonly mcShard: bigint;
}

function prevBlocksJson(prev: readonly BlockIdFull[]): BlockRefJson[] {
  return prev.map((p) => ({ workchain: p.workchain, shard: p.shard.toString(), seqno: p.seqno }));
}

export const BLOCK_COLUMNS = bulkColumns<BlockEntity, BlockRow>(BlockEntity, {
  workchain: (r) => r.header.workchain,
  shard: (r) => r.header.shard,
  seqno: (r) => r.header.seqno,
  rootHash: (r) => r.header.rootHash,
  fileHash: (r) => r.header.fileHash,
  mcBlockWorkchain: () => -1,
  mcBlockShard: (r) => r.mcShard,
  mcBlockSeqno: (r) => r.mcSeqno,
  globalId: (r) => r.header.globalId,
  version: (r) => r.header.version,
  afterMerge: (r) => r.header.afterMerge,
  beforeSplit: (r) => r.header.beforeSplit,
  afterSplit: (r) => r.header.afterSplit,
  wantMerge: (r) => r.header.wantMerge,
  wantSplit: (r) => r.header.wantSplit,
  keyBlock: (r) => r.header.keyBlock,
  vertSeqnoIncr: (r) => r.header.vertSeqnoIncr,
  flags: (r) => r.header.flags,
  genUtime: (r) => r.header.genUtime,
  startLt: (r) => r.header.startLt,
  endLt: (r) => r.header.endLt,
  validatorListHashShort: (r) => r.header.validatorListHashShort,
  genCatchainSeqno: (r) => r.header.genCatchainSeqno,
  minRefMcSeqno: (r) => r.header.minRefMcSeqno,
  prevKeyBlockSeqno: (r) => r.header.prevKeyBlockSeqno,
  vertSeqno: (r) => r.header.vertSeqno,
  masterRefSeqno: (r) => r.header.masterRefSeqno,
  randSeed: (r) => r.header.randSeed,
  createdBy: (r) => r.header.createdBy,
  txCount: (r) => r.header.txCount,
  prevBlocks: (r) => prevBlocksJson(r.header.prevBlocks),
});

const SHARD_STATE_KEYS = ['mcSeqno', 'workchain', 'shard', 'seqno'] as const;

/** A `shard_state` row: a block committed (as a shard top, or itself) by masterchain block mcSeqno. */
export type ShardStateRow = WriteRow<ShardStateEntity, (typeof SHARD_STATE_KEYS)[number]>;

export const SHARD_STATE_COLUMNS = ownColumns(ShardStateEntity, SHARD_STATE_KEYS);
