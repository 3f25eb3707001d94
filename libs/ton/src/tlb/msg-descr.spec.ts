/** The InMsgDescr and OutMsgDescr extras (ImportFees, exported value) recomputed from mainnet blocks. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Builder, beginCell } from '@ton/core';
import { type AugSpec, AugTrie } from './aug-trie';
import { exportedValueOf, importFeesOf, inMsgDescrSpec, outMsgDescrSpec } from './msg-descr';
import {
  BLOCKS,
  loadBlock,
  ref,
  grams,
  augLeaves,
  rest,
  readInMsg,
  readOutMsg,
} from './mainnet-block.test-util';

void describe('InMsgDescr and OutMsgDescr extras against mainnet blocks', () => {
  for (const name of BLOCKS) {
    void it(`recomputes the InMsgDescr extras of ${name} (ImportFees rules)`, () => {
      const real = ref(ref(loadBlock(name), 3), 0);
      if (!real.beginParse().loadBit()) {
        return;
      }
      const leaves = augLeaves(ref(real, 0), 256);
      let checked = 0;
      const spec: AugSpec<
        { raw: (b: Builder) => void; extra: { feesCollected: bigint; valueImported: bigint } },
        { feesCollected: bigint; valueImported: bigint }
      > = {
        storeValue: (v, b) => {
          v.raw(b);
        },
        leafExtra: (v) => v.extra,
        combine: (l, r) => inMsgDescrSpec.combine(l, r),
        storeExtra: (e, b) => {
          inMsgDescrSpec.storeExtra(e, b);
        },
        empty: inMsgDescrSpec.empty,
      };
      const entries = leaves.map(({ key, s: leaf }) => {
        const realExtra = { feesCollected: leaf.loadCoins(), valueImported: grams(leaf) };
        const parsed = readInMsg(leaf.clone());
        if (parsed) {
          assert.deepEqual(importFeesOf(parsed), realExtra);
          checked++;
        }
        return [key, { raw: rest(leaf), extra: realExtra }] as [
          bigint,
          { raw: (b: Builder) => void; extra: typeof realExtra },
        ];
      });
      const b = beginCell();
      AugTrie.from(256, spec, entries).storeE(b);
      assert.equal(b.endCell().hash().toString('hex'), real.hash().toString('hex'));
      assert.ok(checked > 0);
    });
  }

  for (const name of BLOCKS) {
    void it(`recomputes the OutMsgDescr extras of ${name}`, () => {
      const real = ref(ref(loadBlock(name), 3), 1);
      if (!real.beginParse().loadBit()) {
        return;
      }
      let checked = 0;
      for (const { s: leaf } of augLeaves(ref(real, 0), 256)) {
        const extra = grams(leaf);
        const parsed = readOutMsg(leaf);
        if (parsed) {
          assert.equal(exportedValueOf(parsed), extra);
          checked++;
        }
      }
      assert.ok(checked > 0);
      assert.equal(outMsgDescrSpec.empty, 0n);
    });
  }
});
