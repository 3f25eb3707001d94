import { type Address, type TupleReader } from '@ton/core';

/** The raw upper-case form the index keeps addresses in. */
export const rawOf = (a: Address): string => a.toRawString().toUpperCase();

/** As {@link rawOf}, with addr_none kept as null. */
export const raw = (a: Address | null): string | null => (a === null ? null : rawOf(a));

/** Reads a stack or gives null when its shape is not the interface's (a different contract). */
export function shaped<T>(stack: TupleReader | null, read: (s: TupleReader) => T): T | null {
  if (stack === null) {
    return null;
  }
  try {
    return read(stack);
  } catch {
    // TupleReader throws on a missing entry or one of another type: the get-method answered
    // another contract's stack, so this interface does not match (null).
    return null;
  }
}

/**
 * Reads a stack of exactly `depth` entries, or gives null when its shape is another contract's
 * (another depth, an entry of another type, a slice too short for what is read of it).
 */
export function exactly<T>(
  stack: TupleReader | null,
  depth: number,
  read: (s: TupleReader) => T,
): T | null {
  return stack?.remaining === depth ? shaped(stack, read) : null;
}
