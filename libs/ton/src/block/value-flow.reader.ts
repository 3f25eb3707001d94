import { type Cell } from '@ton/core';

import { readCurrency } from './currency.reader';
import { type ParsedValueFlow } from './parsed-block';

/*
 * value_flow#b8e48dfb ^[ from_prev_blk:CurrencyCollection to_next_blk:CurrencyCollection
 *     imported:CurrencyCollection exported:CurrencyCollection ]
 *   fees_collected:CurrencyCollection
 *   ^[ fees_imported:CurrencyCollection recovered:CurrencyCollection created:CurrencyCollection
 *     minted:CurrencyCollection ] = ValueFlow;
 * value_flow_v2#3ebf98b7 ^[ from_prev_blk … exported ] fees_collected:CurrencyCollection
 *   burned:CurrencyCollection ^[ fees_imported … minted ] = ValueFlow;
 * (crypto/block/block.tlb)
 */
const VALUE_FLOW = 0xb8e48dfb;
const VALUE_FLOW_V2 = 0x3ebf98b7;

export function readValueFlow(cell: Cell): ParsedValueFlow {
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
