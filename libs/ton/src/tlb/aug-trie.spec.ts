/** AugTrie: incremental sets and deletes against a tree built from scratch, and its Merkle updates. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Cell } from '@ton/core';
import { type AugSpec, AugTrie } from './aug-trie';
import { applyMerkleUpdate, buildMerkleUpdate, collectChangedCells } from './merkle-update';

void describe(AugTrie.name, () => {
  const spec: AugSpec<number, bigint> = {
    storeValue: (v, b) => {
      b.storeUint(v, 32);
    },
    leafExtra: (v) => BigInt(v),
    combine: (l, r) => l + r,
    storeExtra: (e, b) => {
      b.storeUint(e, 64);
    },
    empty: 0n,
  };

  void it('gives the same cells incrementally as built from scratch, through sets and deletes', () => {
    let seed = 12345;
    const rand = (): bigint => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return BigInt(seed) * 1000003n;
    };
    const model = new Map<bigint, number>();
    let sut = AugTrie.empty(64, spec);
    for (let i = 0; i < 400; i++) {
      const k = rand() % (1n << 64n);
      if (i % 5 === 4 && model.size > 0) {
        const victim = [...model.keys()][i % model.size];
        assert.ok(victim !== undefined);
        model.delete(victim);
        sut = sut.delete(victim);
      } else {
        model.set(k, i);
        sut = sut.set(k, i);
      }
      sut.rootCell();
    }
    const fresh = AugTrie.from(64, spec, model.entries());
    assert.equal(sut.size, model.size);
    assert.equal(sut.rootCell()?.hash().toString('hex'), fresh.rootCell()?.hash().toString('hex'));
    assert.equal(
      sut.extra,
      [...model.values()].reduce((s, v) => s + BigInt(v), 0n),
    );
    const first = [...model.keys()][0];
    assert.ok(first !== undefined);
    assert.equal(sut.get(first), model.get(first));
  });

  void it('builds a Merkle update that applies to the old tree', () => {
    let old = AugTrie.empty(64, spec);
    for (let i = 0; i < 300; i++) {
      old = old.set(BigInt(i) * 7919n * 104729n, i);
    }
    const oldRoot = beginCell()
      .storeUint(1, 8)
      .storeRef(old.rootCell() ?? beginCell().endCell());
    const oldCell = oldRoot.endCell();
    const keep = new Set<string>();
    const replaced = (c: Cell): void => {
      keep.add(c.hash().toString('hex'));
    };
    let next = old.set(5n * 7919n * 104729n, 99999, replaced);
    next = next.set(123456789n, 7, replaced);
    next = next.delete(17n * 7919n * 104729n, replaced);
    const newCell = beginCell()
      .storeUint(2, 8)
      .storeRef(next.rootCell() ?? beginCell().endCell())
      .endCell();
    collectChangedCells(
      oldCell,
      newCell,
      keep,
      new Set([old.rootCell()?.hash().toString('hex') ?? '']),
    );
    const update = buildMerkleUpdate(oldCell, newCell, keep);
    const applied = applyMerkleUpdate(update, oldCell);
    assert.equal(applied.hash().toString('hex'), newCell.hash().toString('hex'));
    // The update is small: it carries the changed paths, not the 300 leaves.
    let cells = 0;
    const count = (c: Cell): void => {
      cells++;
      c.refs.forEach(count);
    };
    count(update);
    assert.ok(cells < 120, `update has ${cells} cells`);
  });
});
