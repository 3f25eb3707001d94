/** Readers of a LocalChain's blocks for its specs: every block up to the head, the size of a descriptor. */
import assert from 'node:assert/strict';
import type { Cell } from '@ton/core';
import type { StoredBlock } from './chain-reader';
import type { LocalChain } from './local-chain';

/** Every block of every chain up to the head (masterchain and shards). */
export function allBlocks(chain: LocalChain): StoredBlock[] {
  const out: StoredBlock[] = [];
  for (let s = 0; s <= chain.head().id.seqno; s++) {
    const mc = chain.masterchainBlock(s);
    assert.ok(mc);
    out.push(mc, ...chain.shardTopsAt(s).filter((b) => b.mcSeqno === s));
  }
  return out;
}

/** How many leaves a HashmapAugE 256 holds. */
export function augSize(descrCell: Cell): number {
  // count leaves by walking the edges (extras are ignored)
  const s = descrCell.beginParse();
  if (!s.loadBit()) {
    return 0;
  }
  const root = s.loadRef();
  let n = 0;
  const walk = (c: Cell, m: number): void => {
    const sl = c.beginParse();
    let len = 0;
    const k = m === 0 ? 0 : 32 - Math.clz32(m);
    const first = sl.loadBit();
    if (!first) {
      while (sl.loadBit()) {
        len++;
      }
    } else {
      const same = sl.loadBit();
      if (same) {
        sl.loadBit();
      }
      len = sl.loadUint(k);
    }
    if (m - len === 0) {
      n++;
      return;
    }
    const [l, r] = c.refs;
    assert.ok(l && r);
    walk(l, m - len - 1);
    walk(r, m - len - 1);
  };
  walk(root, 256);
  return n;
}
