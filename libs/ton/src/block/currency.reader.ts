import { type CurrencyCollection, type Slice } from '@ton/core';

import { type ExtraCurrencies, type ParsedCurrency } from './parsed-block';
import { walkHashmapCell } from './hashmap.reader';

/*
 * extra_currencies$_ dict:(HashmapE 32 (VarUInteger 32)) = ExtraCurrencyCollection;
 * currencies$_ grams:Grams other:ExtraCurrencyCollection = CurrencyCollection;
 * var_uint$_ {n:#} len:(#< n) value:(uint (len * 8)) = VarUInteger n;
 */

const NONE: ExtraCurrencies = Object.freeze({});

/** Reads a CurrencyCollection (extra currencies as `{ "<id>": "<amount>" }`). */
export function readCurrency(s: Slice): ParsedCurrency {
  const grams = s.loadCoins();
  const dict = s.loadMaybeRef();
  if (!dict) {
    return { grams, other: NONE };
  }
  const other: Record<string, string> = {};
  walkHashmapCell(dict, 32, {
    leaf: (key, v) => {
      // VarUInteger 32: a 5-bit byte length (#< 32), then the value.
      other[key.toString()] = v.loadVarUintBig(5).toString();
    },
  });
  return { grams, other };
}

/** Skips a CurrencyCollection (an extra of a HashmapAug, say). */
export function skipCurrency(s: Slice): void {
  s.loadCoins();
  s.loadMaybeRef();
}

/** The extra currencies of a CurrencyCollection parsed by @ton/core. */
export function extraCurrenciesOf(cc: CurrencyCollection): ExtraCurrencies {
  if (!cc.other || cc.other.size === 0) {
    return NONE;
  }
  const other: Record<string, string> = {};
  for (const [id, amount] of cc.other) {
    other[id.toString()] = amount.toString();
  }
  return other;
}
