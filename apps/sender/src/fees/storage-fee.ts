import { type Cell, Dictionary, type DictionaryValue, type StorageInfo } from '@ton/core';

/** ConfigParam 18: `_ (Hashmap 32 StoragePrices) = ConfigParam 18;` keyed by utime_since. */
const STORAGE_PRICES_PARAM = 18;
const STORAGE_PRICES_TAG = 0xcc;

/** `storage_prices#cc utime_since:uint32 bit_price_ps:uint64 cell_price_ps:uint64
 *  mc_bit_price_ps:uint64 mc_cell_price_ps:uint64 = StoragePrices;` (2^-16 nanotons per second). */
interface StoragePrices {
  readonly since: number;
  readonly bitPrice: bigint;
  readonly cellPrice: bigint;
  readonly mcBitPrice: bigint;
  readonly mcCellPrice: bigint;
}

/** The Hashmap's values are StoragePrices in place (not behind a ref); read-only here. */
const storagePricesValue: DictionaryValue<StoragePrices> = {
  serialize: () => {
    throw new Error('StoragePrices are only read');
  },
  parse: (slice) => {
    if (slice.loadUint(8) !== STORAGE_PRICES_TAG) {
      throw new Error('config parameter 18 holds a value that is not StoragePrices');
    }
    return {
      since: slice.loadUint(32),
      bitPrice: slice.loadUintBig(64),
      cellPrice: slice.loadUintBig(64),
      mcBitPrice: slice.loadUintBig(64),
      mcCellPrice: slice.loadUintBig(64),
    };
  },
};

function readStoragePrices(config: Dictionary<number, Cell>): StoragePrices[] {
  const cell = config.get(STORAGE_PRICES_PARAM);
  if (!cell) {
    return [];
  }
  return Dictionary.loadDirect(Dictionary.Keys.Uint(32), storagePricesValue, cell.beginParse())
    .values()
    .sort((a, b) => a.since - b.since);
}

/**
 * The storage fee due from `storage.lastPaid` to `now`, as StoragePrices::compute_storage_fees
 * (and tonlib's estimate_fees) compute it: each price period's (bits·bit_price + cells·cell_price)
 * times its seconds, summed, then divided by 2^16 rounding up. Used when no transaction could be
 * emulated (the message was not accepted), so there is no storage phase to read.
 */
export function storageFeeDue(
  config: Dictionary<number, Cell>,
  storage: StorageInfo,
  now: number,
  masterchain: boolean,
): bigint {
  const prices = readStoragePrices(config);
  const first = prices[0];
  if (!first || storage.lastPaid === 0 || now <= storage.lastPaid) {
    return 0n;
  }
  // The period in force at last_paid (or the first one) is where charging starts.
  let index = prices.findLastIndex((p) => p.since <= storage.lastPaid);
  index = Math.max(index, 0);
  let upto = Math.max(storage.lastPaid, first.since);
  let total = 0n;
  for (; index < prices.length && upto < now; index++) {
    const period = prices[index];
    if (!period) {
      break;
    }
    const next = prices[index + 1];
    const until = next ? Math.min(now, next.since) : now;
    if (upto < until) {
      const perSecond = masterchain
        ? period.mcBitPrice * storage.used.bits + period.mcCellPrice * storage.used.cells
        : period.bitPrice * storage.used.bits + period.cellPrice * storage.used.cells;
      total += perSecond * BigInt(until - upto);
    }
    upto = until;
  }
  return (total + 0xffffn) >> 16n;
}
