import type { Cell } from '@ton/core';
import { hashmapPath, int32Key } from '@app/ton';
import { shardContains } from './block-id';

/** Number of prefix bits of a shard id (the bits above its lowest set bit). */
function prefixLength(shard: bigint): number {
  const low = shard & -shard;
  return 63 - (low.toString(2).length - 1);
}

/**
 * The ShardDescr leaf for `shard` of `workchain` in ShardHashes (HashmapE 32 ^(BinTree ShardDescr)),
 *   bt_leaf$0 {X:Type} leaf:X = BinTree X;  bt_fork$1 {X:Type} left:^(BinTree X) right:^(BinTree X) = BinTree X;
 * and the cells on the way. Non-exact lookups accept the leaf whose shard contains `shard`.
 */
export function findShardDescr(
  shardHashes: Cell,
  workchain: number,
  shard: bigint,
  exact: boolean,
): { path: Cell[]; leaf: Cell; leafShard: bigint } | null {
  const byWorkchain = hashmapPath(shardHashes, int32Key(workchain), 32);
  const tree = byWorkchain.value?.loadRef();
  if (!tree) {
    return null;
  }
  const path = [...byWorkchain.cells];
  let cell = tree;
  let prefixBits = 0;
  let prefix = 0n; // bits chosen so far, most significant first
  for (;;) {
    path.push(cell);
    const isFork = cell.beginParse().loadBit();
    const leafShard = (prefix << BigInt(64 - prefixBits)) | (1n << BigInt(63 - prefixBits));
    if (!isFork) {
      const ok = exact ? leafShard === shard : shardContains(leafShard, shard);
      return ok ? { path, leaf: cell, leafShard } : null;
    }
    if (prefixBits >= 60) {
      return null;
    }
    if (prefixLength(shard) <= prefixBits) {
      // the requested shard ends here but the tree splits further: no single descriptor
      return null;
    }
    const bit = (shard >> BigInt(63 - prefixBits)) & 1n;
    const next = cell.refs[Number(bit)];
    if (!next) {
      return null;
    }
    cell = next;
    prefix = (prefix << 1n) | bit;
    prefixBits++;
  }
}
