import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell, Dictionary } from '@ton/core';
import { type AugSpec, AugTrie } from '../tlb';
import { countHashmapELeaves, walkHashmap, walkHashmapCell } from './hashmap.reader';

/** Deterministic pseudo-random 256-bit keys. */
function keys(n: number): bigint[] {
  let x = 0x9e3779b97f4a7c15n;
  const out: bigint[] = [];
  for (let i = 0; i < n; i++) {
    let k = 0n;
    for (let j = 0; j < 4; j++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      k = (k << 64n) | x;
    }
    out.push(i % 7 === 0 ? k >> 200n : k); // some keys share long zero prefixes (hml_same labels)
  }
  return out;
}

void describe('walkHashmapCell', () => {
  void it('reads every key and value of a plain Hashmap in key order, as @ton/core does', () => {
    const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Uint(32));
    keys(300).forEach((k, i) => dict.set(k, i));
    const root = beginCell().storeDictDirect(dict).endCell();
    const seen: [bigint, number][] = [];
    walkHashmapCell(root, 256, { leaf: (k, s) => seen.push([k, s.loadUint(32)]) });
    const expected = [...dict].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    assert.deepEqual(seen, expected);
  });

  void it('reads signed and short keys', () => {
    const dict = Dictionary.empty(Dictionary.Keys.Int(32), Dictionary.Values.Uint(8));
    for (const k of [-1, 0, 5, -239, 2147483647]) {
      dict.set(k, 1);
    }
    const seen: number[] = [];
    walkHashmapCell(beginCell().storeDictDirect(dict).endCell(), 32, {
      leaf: (k) => seen.push(Number(BigInt.asIntN(32, k))),
    });
    assert.deepEqual(
      seen.sort((a, b) => a - b),
      [-239, -1, 0, 5, 2147483647],
    );
  });
});

void describe('walkHashmap (HashmapAug stored inline)', () => {
  const spec: AugSpec<number, bigint> = {
    storeValue: (v, b) => {
      b.storeUint(v, 16);
    },
    leafExtra: (v) => BigInt(v),
    combine: (l, r) => l + r,
    storeExtra: (e, b) => {
      b.storeCoins(e);
    },
    empty: 0n,
  };

  void it('skips fork extras, reads leaf extras, and leaves the slice after the map', () => {
    const entries = keys(50).map((k, i): [bigint, number] => [k >> 192n, i + 1]);
    const trie = AugTrie.from(64, spec, entries);
    const b = beginCell();
    trie.storeInline(b);
    const cell = b.storeUint(0xabc, 12).endCell();
    const s = cell.beginParse();
    const seen: [bigint, number][] = [];
    let extras = 0n;
    walkHashmap(s, 64, {
      leaf: (k, v) => {
        extras += v.loadCoins();
        seen.push([k, v.loadUint(16)]);
      },
      forkExtra: (v) => {
        v.loadCoins();
      },
    });
    assert.equal(s.loadUint(12), 0xabc);
    assert.deepEqual(
      seen,
      [...trie.entries()].sort((x, y) => (x[0] < y[0] ? -1 : 1)),
    );
    assert.equal(extras, trie.extra);
  });

  void it('counts the leaves of a HashmapAugE', () => {
    const trie = AugTrie.from(
      64,
      spec,
      keys(33).map((k, i): [bigint, number] => [k >> 192n, i]),
    );
    const b = beginCell();
    trie.storeE(b);
    assert.ok(trie.size > 20);
    assert.equal(countHashmapELeaves(b.endCell(), 64), trie.size);
    assert.equal(countHashmapELeaves(beginCell().storeBit(0).storeCoins(0).endCell(), 64), 0);
  });
});
