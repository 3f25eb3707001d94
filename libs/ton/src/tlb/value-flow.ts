import {
  type Builder,
  type Cell,
  type CurrencyCollection,
  beginCell,
  storeCurrencyCollection,
} from '@ton/core';

import { readCurrency } from '../block/currency.reader';
import { type ParsedValueFlow } from '../block/parsed-block';

/*
 * value_flow#b8e48dfb ^[ from_prev_blk:CurrencyCollection to_next_blk:CurrencyCollection
 *   imported:CurrencyCollection exported:CurrencyCollection ] fees_collected:CurrencyCollection
 *   ^[ fees_imported:CurrencyCollection recovered:CurrencyCollection created:CurrencyCollection
 *   minted:CurrencyCollection ] = ValueFlow;
 * value_flow_v2#3ebf98b7 ^[ from_prev_blk … exported ] fees_collected:CurrencyCollection
 *   burned:CurrencyCollection ^[ fees_imported … minted ] = ValueFlow;
 * (crypto/block/block.tlb) Stored as value_flow (no burned); loaded from either constructor.
 * Invariant checked by validators: from_prev_blk + imported + fees_imported + recovered + created +
 * minted = to_next_blk + exported + fees_collected.
 */
const VALUE_FLOW = 0xb8e48dfb;
const VALUE_FLOW_V2 = 0x3ebf98b7;

/** An amount: nanotons alone, or a CurrencyCollection with extra currencies. */
export type Amount = bigint | CurrencyCollection;

export interface ValueFlow {
  readonly fromPrevBlk: Amount;
  readonly toNextBlk: Amount;
  readonly imported: Amount;
  readonly exported: Amount;
  readonly feesCollected: Amount;
  readonly feesImported: Amount;
  readonly recovered: Amount;
  readonly created: Amount;
  readonly minted: Amount;
}

const coinsOf = (a: Amount): bigint => (typeof a === 'bigint' ? a : a.coins);

/** Whether the nanoton sums of a ValueFlow balance (extra currencies are not checked). */
export function valueFlowBalanced(v: ValueFlow): boolean {
  const income = [v.fromPrevBlk, v.imported, v.feesImported, v.recovered, v.created, v.minted];
  const outcome = [v.toNextBlk, v.exported, v.feesCollected];
  const sum = (xs: Amount[]): bigint => xs.reduce<bigint>((s, x) => s + coinsOf(x), 0n);
  return sum(income) === sum(outcome);
}

const grams = (b: Builder, v: Amount): Builder =>
  b.store(storeCurrencyCollection(typeof v === 'bigint' ? { coins: v } : v));

export function valueFlowCell(v: ValueFlow): Cell {
  const r1 = beginCell();
  grams(grams(grams(grams(r1, v.fromPrevBlk), v.toNextBlk), v.imported), v.exported);
  const r2 = beginCell();
  grams(grams(grams(grams(r2, v.feesImported), v.recovered), v.created), v.minted);
  const b = beginCell().storeUint(VALUE_FLOW, 32).storeRef(r1);
  return grams(b, v.feesCollected).storeRef(r2).endCell();
}

/** A ValueFlow cell of either constructor, each CurrencyCollection with its extra currencies. */
export function loadValueFlow(cell: Cell): ParsedValueFlow {
  const s = cell.beginParse();
  const tag = s.loadUint(32);
  if (tag !== VALUE_FLOW && tag !== VALUE_FLOW_V2) {
    throw new Error(`ValueFlow: unknown tag 0x${tag.toString(16)}`);
  }
  // References are taken in the order the fields appear: a CurrencyCollection with extra currencies
  // holds its own reference between the two ^[ … ] cells.
  const first = s.loadRef().beginParse();
  const fromPrevBlk = readCurrency(first);
  const toNextBlk = readCurrency(first);
  const imported = readCurrency(first);
  const exported = readCurrency(first);
  const feesCollected = readCurrency(s);
  const burned = tag === VALUE_FLOW_V2 ? readCurrency(s) : null;
  const second = s.loadRef().beginParse();
  return {
    fromPrevBlk,
    toNextBlk,
    imported,
    exported,
    feesCollected,
    burned,
    feesImported: readCurrency(second),
    recovered: readCurrency(second),
    created: readCurrency(second),
    minted: readCurrency(second),
  };
}
