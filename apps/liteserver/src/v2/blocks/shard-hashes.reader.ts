import { type Cell, Dictionary, type Slice } from '@ton/core';

/** A shard top as a masterchain block's ShardHashes commits it. */
export interface ShardTop {
  readonly workchain: number;
  /** Unsigned 64-bit shard id (prefix bits, then the tag bit). */
  readonly shard: bigint;
  readonly seqno: number;
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
}

const SHARD_FULL = 1n << 63n;

/*
 * shard_descr#b seq_no:uint32 reg_mc_seqno:uint32 start_lt:uint64 end_lt:uint64
 *   root_hash:bits256 file_hash:bits256 … = ShardDescr;
 * shard_descr_new#a — the same leading fields.
 */
function loadShardDescrId(s: Slice, workchain: number, shard: bigint): ShardTop {
  const tag = s.loadUint(4);
  if (tag !== 0xa && tag !== 0xb) {
    throw new Error(`ShardDescr: bad tag ${tag.toString(16)}`);
  }
  const seqno = s.loadUint(32);
  s.skip(32 + 64 + 64);
  return { workchain, shard, seqno, rootHash: s.loadBuffer(32), fileHash: s.loadBuffer(32) };
}

/*
 * bt_leaf$0 {X:Type} leaf:X = BinTree X;
 * bt_fork$1 {X:Type} left:^(BinTree X) right:^(BinTree X) = BinTree X;
 * Walked left (prefix bit 0) first, so shards come out in ascending unsigned order, as tonlib lists them.
 */
function walkBinTree(root: Cell, workchain: number, shard: bigint, out: ShardTop[]): void {
  const s = root.beginParse(true);
  if (!s.loadBit()) {
    out.push(loadShardDescrId(s, workchain, shard));
    return;
  }
  const half = (shard & -shard) >> 1n;
  if (half === 0n) {
    throw new Error('BinTree ShardDescr: shard deeper than 60 bits');
  }
  walkBinTree(s.loadRef(), workchain, shard - half, out);
  walkBinTree(s.loadRef(), workchain, shard + half, out);
}

/**
 * The shard tops in liteServer.allShardsInfo `data`: a cell holding `_ (HashmapE 32 ^(BinTree
 * ShardDescr)) = ShardHashes;` (the bit then the root ref). Workchains in ascending order.
 */
export function readShardHashes(data: Cell): ShardTop[] {
  const dict = Dictionary.load(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), data);
  const out: ShardTop[] = [];
  for (const workchain of dict.keys().sort((a, b) => a - b)) {
    const tree = dict.get(workchain);
    if (tree) {
      walkBinTree(tree, workchain, SHARD_FULL, out);
    }
  }
  return out;
}
