import { type McBlockBatch } from '@app/database';
import { type BlockIdFull, type ParsedBlock, parseBlock } from '@app/ton';
import { type RetryOptions, retryUntilDone } from '../retry';
import {
  type BlockSource,
  type FetchedBlock,
  type LiteBlockId,
  describeBlock,
  liteIdOf,
} from './block-source';

/** A shard block the loader could not parse: quarantined, and the rest of the batch still written. */
export interface FailedBlock {
  readonly id: LiteBlockId;
  readonly error: string;
}

export interface LoadedBatch {
  readonly batch: McBlockBatch;
  readonly failed: readonly FailedBlock[];
}

/** The shard tops committed by one masterchain block, keyed for the walk's stop test. */
export type ShardTops = ReadonlySet<string>;

/** How far back one shard chain may be walked before the loader gives up (a broken chain). */
const MAX_WALK = 10_000;

function key(id: { workchain: number; shard: bigint; seqno: number }): string {
  return `${String(id.workchain)}:${id.shard.toString()}:${String(id.seqno)}`;
}

export function shardTopsOf(block: ParsedBlock): ShardTops {
  return new Set(block.shards.map(key));
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
    const shardBlocks: ParsedBlock[] = [];
    const failed: FailedBlock[] = [];
    const seen = new Set<string>();
    let pending: readonly BlockIdFull[] = masterchain.shards;
    while (pending.length > 0) {
      const level = pending.filter(
        (b) => b.seqno > 0 && !prevTops.has(key(b)) && !seen.has(key(b)),
      );
      for (const b of level) {
        seen.add(key(b));
      }
      if (seen.size > MAX_WALK) {
        throw new Error(
          `masterchain block ${String(mcSeqno)}: shard walk exceeds ${String(MAX_WALK)} blocks`,
        );
      }
      const fetched = await Promise.all(
        level.map((b) => retryUntilDone(() => this.source.block(liteIdOf(b), mcSeqno), this.retry)),
      );
      const next: BlockIdFull[] = [];
      for (const block of fetched) {
        try {
          const parsed = parse(block);
          shardBlocks.push(parsed);
          next.push(...parsed.header.prevBlocks);
        } catch (error) {
          // An unparsable shard block cannot name its prev blocks either: it is quarantined and the
          // walk stops on this branch (what lies behind it is reported with it).
          failed.push({ id: block.id, error: errorText(error) });
        }
      }
      pending = next;
    }
    shardBlocks.sort(
      (a, b) =>
        a.header.workchain - b.header.workchain ||
        compareBig(a.header.shard, b.header.shard) ||
        a.header.seqno - b.header.seqno,
    );
    return { batch: { mcSeqno, masterchain, shardBlocks }, failed };
  }
}

function parse(block: FetchedBlock): ParsedBlock {
  try {
    return parseBlock(block.root, { rootHash: block.id.rootHash, fileHash: block.id.fileHash });
  } catch (error) {
    throw new BlockParseError(block.id, error);
  }
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

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function compareBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
