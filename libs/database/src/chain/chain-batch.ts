import { type ParsedBlock } from '@app/ton';

/**
 * What one database transaction writes: a masterchain block with every shard block it commits for the
 * first time (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp:
 * a shard block's mc_block_seqno is the masterchain block that first commits it).
 */
export interface McBlockBatch {
  readonly mcSeqno: number;
  readonly masterchain: ParsedBlock;
  readonly shardBlocks: readonly ParsedBlock[];
}

/** Every block of a batch, the masterchain block first. */
export function batchBlocks(batch: McBlockBatch): readonly ParsedBlock[] {
  return [batch.masterchain, ...batch.shardBlocks];
}
