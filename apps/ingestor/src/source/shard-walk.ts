import { type BlockIdFull, type ParsedBlock } from '@app/ton';

/** The shard tops committed by one masterchain block, keyed for the walk's stop test. */
export type ShardTops = ReadonlySet<string>;

export function blockKey(id: { workchain: number; shard: bigint; seqno: number }): string {
  return `${String(id.workchain)}:${id.shard.toString()}:${String(id.seqno)}`;
}

/** What loading one shard block gave: the parsed block, or why it could not be parsed. */
export type LoadedShardBlock =
  | { readonly ok: true; readonly block: ParsedBlock }
  | { readonly ok: false; readonly id: BlockIdFull; readonly error: string };

export interface ShardWalk {
  /** The new shard blocks, ordered by (workchain, shard, seqno). */
  readonly blocks: ParsedBlock[];
  readonly failed: { readonly id: BlockIdFull; readonly error: string }[];
}

function compareBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The shard blocks a masterchain block commits for the first time: from each of its shard tops, follow
 * prev_ref back (one level at a time, the level's blocks loaded together) until a top of the previous
 * masterchain block or a zerostate (seqno 0). After a split both children lead back to the parent's
 * block; after a merge the block names both parents; so splits and merges need no special case. A
 * block that cannot be parsed cannot name its parents: the walk stops on that branch and reports it.
 */
export async function walkShardChains(
  tops: readonly BlockIdFull[],
  prevTops: ShardTops,
  load: (id: BlockIdFull) => Promise<LoadedShardBlock>,
  limit = 10_000,
): Promise<ShardWalk> {
  const blocks: ParsedBlock[] = [];
  const failed: { id: BlockIdFull; error: string }[] = [];
  const seen = new Set<string>();
  let pending: readonly BlockIdFull[] = tops;
  while (pending.length > 0) {
    const level = pending.filter(
      (b) => b.seqno > 0 && !prevTops.has(blockKey(b)) && !seen.has(blockKey(b)),
    );
    for (const b of level) {
      seen.add(blockKey(b));
    }
    if (seen.size > limit) {
      throw new Error(`shard walk exceeds ${String(limit)} blocks`);
    }
    const next: BlockIdFull[] = [];
    for (const loaded of await Promise.all(level.map(load))) {
      if (loaded.ok) {
        blocks.push(loaded.block);
        next.push(...loaded.block.header.prevBlocks);
      } else {
        failed.push({ id: loaded.id, error: loaded.error });
      }
    }
    pending = next;
  }
  blocks.sort(
    (a, b) =>
      a.header.workchain - b.header.workchain ||
      compareBig(a.header.shard, b.header.shard) ||
      a.header.seqno - b.header.seqno,
  );
  return { blocks, failed };
}
