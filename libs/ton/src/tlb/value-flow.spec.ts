import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  beginCell,
  type Builder,
  type CurrencyCollection,
  Dictionary,
  storeCurrencyCollection,
} from '@ton/core';
import { loadValueFlow, valueFlowCell } from './value-flow';

const cc = (coins: bigint, other?: Record<number, bigint>): CurrencyCollection => {
  if (!other) {
    return { coins };
  }
  const dict = Dictionary.empty(Dictionary.Keys.Uint(32), Dictionary.Values.BigVarUint(5));
  for (const [id, amount] of Object.entries(other)) {
    dict.set(Number(id), amount);
  }
  return { coins, other: dict };
};
const put = (b: Builder, c: CurrencyCollection): Builder => b.store(storeCurrencyCollection(c));

void describe('loadValueFlow', () => {
  void it('reads value_flow#b8e48dfb (no burned)', () => {
    const sut = loadValueFlow(
      valueFlowCell({
        fromPrevBlk: 10n,
        toNextBlk: 11n,
        imported: 12n,
        exported: 13n,
        feesCollected: 14n,
        feesImported: 15n,
        recovered: 16n,
        created: 17n,
        minted: 18n,
      }),
    );
    assert.equal(sut.burned, null);
    assert.deepEqual(
      [sut.fromPrevBlk, sut.toNextBlk, sut.imported, sut.exported, sut.feesCollected].map(
        (c) => c.grams,
      ),
      [10n, 11n, 12n, 13n, 14n],
    );
    assert.deepEqual(
      [sut.feesImported, sut.recovered, sut.created, sut.minted].map((c) => c.grams),
      [15n, 16n, 17n, 18n],
    );
  });

  void it('loads what valueFlowCell stores, extra currencies included', () => {
    const sut = loadValueFlow(
      valueFlowCell({
        fromPrevBlk: cc(10n, { 239: 5n }),
        toNextBlk: 11n,
        imported: 12n,
        exported: 13n,
        feesCollected: cc(14n, { 7: 123n }),
        feesImported: 15n,
        recovered: 16n,
        created: 17n,
        minted: cc(18n, { 1: 2n }),
      }),
    );
    assert.deepEqual(sut.fromPrevBlk, { grams: 10n, other: { '239': '5' } });
    assert.deepEqual(sut.feesCollected, { grams: 14n, other: { '7': '123' } });
    assert.deepEqual(sut.minted, { grams: 18n, other: { '1': '2' } });
    assert.deepEqual(sut.exported, { grams: 13n, other: {} });
    assert.equal(sut.burned, null);
  });

  void it('reads value_flow_v2#3ebf98b7, with extra currencies holding references of their own', () => {
    const first = beginCell();
    put(put(put(put(first, cc(1n, { 239: 5n })), cc(2n)), cc(3n)), cc(4n));
    const second = beginCell();
    put(put(put(put(second, cc(6n)), cc(7n)), cc(8n)), cc(9n));
    const b = beginCell().storeUint(0x3ebf98b7, 32).storeRef(first);
    // fees_collected carries a dict reference between the two ^[ … ] cells
    put(put(b, cc(5n, { 7: 123n, 4294967279: 1n })), cc(77n));
    const sut = loadValueFlow(b.storeRef(second).endCell());
    assert.deepEqual(sut.fromPrevBlk, { grams: 1n, other: { '239': '5' } });
    assert.deepEqual(sut.feesCollected, { grams: 5n, other: { '7': '123', '4294967279': '1' } });
    assert.deepEqual(sut.burned, { grams: 77n, other: {} });
    assert.deepEqual(sut.minted, { grams: 9n, other: {} });
    assert.equal(sut.feesImported.grams, 6n);
  });
});
