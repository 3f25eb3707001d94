import { type McBlockBatch } from '@app/database';
import { type ParsedBlock } from '@app/ton';
import { type RetryOptions, retryUntilDone } from '../retry';
import { errorText } from './decode/block-decode';
import { blockKey, type ShardTops, walkShardChains } from './shard-walk';
import {
  type BlockSource,
  type FetchedBlock,
  type LiteBlockId,
  describeBlock,
  liteIdOf,
} from './block-source';

export { type ShardTops } from './shard-walk';

/** A shard block the loader could not parse: quarantined, and the rest of the batch still written. */
export interface FailedBlock {
  readonly id: LiteBlockId;
  readonly error: string;
}

export interface LoadedBatch {
  readonly batch: McBlockBatch;
  readonly failed: readonly FailedBlock[];
}

export function shardTopsOf(block: ParsedBlock): ShardTops {
  return new Set(block.shards.map(blockKey));
}

/**
 * Assembles the batch of one masterchain block: the block itself and every shard block it commits for
 * the first time. From each shard top in its shard_hashes, the walk follows prev_ref back until it
 * reaches a top of the previous masterchain block (or a zerostate, seqno 0). Splits need nothing
 * special (both children lead back to the parent top) and merges follow both prev refs.
 * Liteserver failures are retried with backoff until they succeed (the pool moves each retry to another
 * liteserver); parse failures are not retried: they come back as BlockParseError / FailedBlock.
 */
export class McBatchLoader {
  constructor(
    private readonly source: BlockSource,
    private readonly retry: RetryOptions = {},
  ) {}

  /** The parsed masterchain block `seqno`; throws BlockParseError when it cannot be parsed. */
  async loadMasterchain(seqno: number): Promise<ParsedBlock> {
    const fetched = await retryUntilDone(async () => {
      const id = await this.source.masterchainBlockId(seqno);
      return this.source.block(id, seqno);
    }, this.retry);
    return parse(fetched);
  }

  /** The shard tops of masterchain block `seqno` (before the first batch of a run). */
  async topsAt(seqno: number): Promise<ShardTops> {
    return seqno <= 0 ? new Set() : shardTopsOf(await this.loadMasterchain(seqno));
  }

  async assemble(masterchain: ParsedBlock, prevTops: ShardTops): Promise<LoadedBatch> {
    const mcSeqno = masterchain.header.seqno;
    const walk = await walkShardChains(masterchain.shards, prevTops, async (id) => {
      const fetched = await retryUntilDone(
        () => this.source.block(liteIdOf(id), mcSeqno),
        this.retry,
      );
      try {
        return { ok: true, block: parse(fetched) };
      } catch (error) {
        return { ok: false, id, error: errorText(error) };
      }
    });
    const failed = walk.failed.map((f) => ({ id: liteIdOf(f.id), error: f.error }));
    return { batch: { mcSeqno, masterchain, shardBlocks: walk.blocks }, failed };
  }
}

function parse(block: FetchedBlock): ParsedBlock {
  if (block.decoded.kind === 'unparsable') {
    throw new BlockParseError(block.id, block.decoded.error);
  }
  return block.decoded.block;
}

/** A block that failed to parse, with its id (quarantine material). */
export class BlockParseError extends Error {
  constructor(
    readonly id: LiteBlockId,
    cause: unknown,
  ) {
    super(`cannot parse block ${describeBlock(id)}: ${errorText(cause)}`);
    this.name = 'BlockParseError';
  }
}
