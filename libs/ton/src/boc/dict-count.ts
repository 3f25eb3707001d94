import type { Cell } from '@ton/core';

/**
 * Number of leaves of a Hashmap n X / HashmapAug n X Y whose root edge is `root` (block.tlb hm_edge,
 * labels hml_short$0 / hml_long$10 / hml_same$11, forks hmn_fork with two refs). Pruned branches
 * cannot be counted: they throw.
 */
export function countHashmapLeaves(root: Cell, keyBits: number): number {
  let count = 0;
  const stack: { cell: Cell; remaining: number }[] = [{ cell: root, remaining: keyBits }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { cell, remaining } = top;
    if (cell.isExotic) {
      throw new Error('cannot count the leaves of a pruned dictionary branch');
    }
    const s = cell.beginParse();
    const lenBits = remaining === 0 ? 0 : 32 - Math.clz32(remaining);
    let length: number;
    const short = !s.loadBit();
    const long = !short && !s.loadBit();
    if (short) {
      length = 0;
      while (s.loadBit()) {
        length++;
      }
    } else if (long) {
      length = s.loadUint(lenBits);
    } else {
      s.skip(1);
      length = s.loadUint(lenBits);
    }
    const left = remaining - length;
    if (left < 0) {
      throw new Error('malformed dictionary: label longer than the remaining key');
    }
    if (left === 0) {
      count++;
      continue;
    }
    const [l, r] = cell.refs;
    if (!l || !r) {
      throw new Error('malformed dictionary: fork without two refs');
    }
    stack.push({ cell: l, remaining: left - 1 }, { cell: r, remaining: left - 1 });
  }
  return count;
}
