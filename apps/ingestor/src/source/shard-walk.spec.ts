import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BlockIdFull, type ParsedBlock } from '@app/ton';
import { blockKey, type LoadedShardBlock, walkShardChains } from './shard-walk';

// Shard ids as signed 64-bit integers: 0x8000… (whole basechain), 0x4000… and 0xc000… (its halves).
const WHOLE = BigInt.asIntN(64, 0x8000000000000000n);
const LEFT = 0x4000000000000000n;
const RIGHT = BigInt.asIntN(64, 0xc000000000000000n);

function id(shard: bigint, seqno: number): BlockIdFull {
  return {
    workchain: 0,
    shard,
    seqno,
    rootHash: `r${String(seqno)}`,
    fileHash: `f${String(seqno)}`,
  };
}

/** A shard chain as a map of blocks with their prev refs (only what the walk reads). */
function chain(
  entries: [BlockIdFull, BlockIdFull[]][],
): (b: BlockIdFull) => Promise<LoadedShardBlock> {
  const byKey = new Map(
    entries.map(([block, prev]) => [
      blockKey(block),
      { header: { ...block, prevBlocks: prev } } as unknown as ParsedBlock,
    ]),
  );
  return (b) => {
    const block = byKey.get(blockKey(b));
    return Promise.resolve(
      block === undefined ? { ok: false, id: b, error: 'not on this chain' } : { ok: true, block },
    );
  };
}

const ids = (blocks: ParsedBlock[]): string[] => blocks.map((b) => blockKey(b.header));

void describe('walkShardChains: the shard blocks a masterchain block commits', () => {
  void it('follows a split: both halves lead back to the parent top', async () => {
    const load = chain([
      [id(LEFT, 11), [id(WHOLE, 10)]],
      [id(RIGHT, 11), [id(WHOLE, 10)]],
      [id(RIGHT, 12), [id(RIGHT, 11)]],
    ]);
    const walk = await walkShardChains(
      [id(LEFT, 11), id(RIGHT, 12)],
      new Set([blockKey(id(WHOLE, 10))]),
      load,
    );
    assert.deepEqual(ids(walk.blocks), [
      blockKey(id(RIGHT, 11)),
      blockKey(id(RIGHT, 12)),
      blockKey(id(LEFT, 11)),
    ]);
    assert.deepEqual(walk.failed, []);
  });

  void it('follows a merge through both parents, back to each previous top', async () => {
    const load = chain([
      [id(LEFT, 20), [id(LEFT, 19)]],
      [id(RIGHT, 21), [id(RIGHT, 20)]],
      [id(WHOLE, 22), [id(LEFT, 20), id(RIGHT, 21)]],
    ]);
    const walk = await walkShardChains(
      [id(WHOLE, 22)],
      new Set([blockKey(id(LEFT, 19)), blockKey(id(RIGHT, 20))]),
      load,
    );
    assert.deepEqual(
      ids(walk.blocks).sort(),
      [blockKey(id(LEFT, 20)), blockKey(id(RIGHT, 21)), blockKey(id(WHOLE, 22))].sort(),
    );
  });

  void it('stops at zerostates and at an unchanged top; reports an unloadable block and stops there', async () => {
    const load = chain([[id(WHOLE, 1), [id(WHOLE, 0)]]]);
    const fresh = await walkShardChains([id(WHOLE, 1)], new Set(), load);
    assert.deepEqual(ids(fresh.blocks), [blockKey(id(WHOLE, 1))]);
    const unchanged = await walkShardChains(
      [id(WHOLE, 1)],
      new Set([blockKey(id(WHOLE, 1))]),
      load,
    );
    assert.deepEqual(unchanged.blocks, []);
    const broken = await walkShardChains([id(WHOLE, 5)], new Set(), load);
    assert.deepEqual(broken.failed, [{ id: id(WHOLE, 5), error: 'not on this chain' }]);
  });

  void it('refuses a walk longer than its limit (a chain that never reaches the previous tops)', async () => {
    const entries: [BlockIdFull, BlockIdFull[]][] = [];
    for (let s = 2; s <= 50; s += 1) {
      entries.push([id(WHOLE, s), [id(WHOLE, s - 1)]]);
    }
    await assert.rejects(
      walkShardChains([id(WHOLE, 50)], new Set(), chain(entries), 10),
      /shard walk exceeds 10 blocks/,
    );
  });
});
