import { type DecodedObject, type DecodedValue } from './body-decoder';

/** A decoded value made immutable all the way down: cached results are shared between replies. */
function deepFreeze<T extends DecodedValue>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const field of Object.values(value)) {
      deepFreeze(field);
    }
    Object.freeze(value);
  }
  return value;
}

/**
 * Decoded bodies (or init states) by their BoC, least recently used first out. A BoC always decodes
 * the same, and a page of a busy account repeats the same few bodies (Jetton transfers, excesses,
 * comments) on every request: parsing them again was a tenth of the query service's CPU on a hot
 * account's page (bench/reports/v3-queries.md). Bounded by entries and by the characters of the keys
 * it holds; BoCs longer than `maxKeyChars` are decoded every time instead of filling it.
 */
export class DecodedCache {
  private readonly entries = new Map<string, DecodedObject | null>();
  private keyChars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxTotalKeyChars: number,
    private readonly maxKeyChars: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached decoding of `boc`, else `decode(boc)` (cached, frozen). */
  decode(boc: string, decode: (boc: string) => DecodedObject | null): DecodedObject | null {
    if (boc.length > this.maxKeyChars) {
      return decode(boc);
    }
    const hit = this.entries.get(boc);
    if (hit !== undefined || this.entries.has(boc)) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.entries.delete(boc);
      this.entries.set(boc, hit ?? null);
      return hit ?? null;
    }
    const value = decode(boc);
    this.entries.set(boc, value === null ? null : deepFreeze(value));
    this.keyChars += boc.length;
    while (this.entries.size > this.maxEntries || this.keyChars > this.maxTotalKeyChars) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) {
        break;
      }
      this.entries.delete(oldest.value);
      this.keyChars -= oldest.value.length;
    }
    return value;
  }
}
