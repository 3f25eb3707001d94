import { Address, Cell } from '@ton/core';

/** Per-object header and per-slot costs of V8, roughly (64-bit, pointer compression off). */
const OBJECT_BYTES = 32;
const SLOT_BYTES = 8;
/** A Buffer (a view on an ArrayBuffer) before its bytes. */
const BUFFER_BYTES = 96;
/**
 * A @ton/core Cell with its bit string, hashes, depths and level mask, before its data bytes: about
 * 1.5 KB of heap measured (Node 20, 20 000 cells of 4 or 100 bytes, after a full GC), whether built or
 * read from a BoC. Caches should keep plain values rather than cells where they can.
 */
const CELL_BYTES = 1500;

/**
 * A rough count of the memory `value` holds, for the byte budget of a LiteserverCache: strings by
 * length (the base64/decimal strings of answers are one byte a character in V8), buffers by their
 * bytes, cells by their data and refs (a cell shared by several parents counted once), objects,
 * arrays and maps by their slots plus what they hold. It walks the whole value once, so it is meant
 * for answers being stored (a cache miss), not for every lookup. Over- rather than under-estimates.
 */
export function approximateBytes(value: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  let total = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    switch (typeof item) {
      case 'string':
        total += 16 + item.length;
        continue;
      case 'number':
      case 'boolean':
        total += SLOT_BYTES;
        continue;
      case 'bigint':
        total += 24;
        continue;
      case 'object':
        break;
      case 'undefined':
      case 'function':
      case 'symbol':
        // Nothing an answer is made of.
        continue;
    }
    if (item === null || seen.has(item)) {
      continue;
    }
    seen.add(item);
    if (item instanceof Uint8Array) {
      total += BUFFER_BYTES + item.byteLength;
    } else if (item instanceof Cell) {
      total += CELL_BYTES + Math.ceil(item.bits.length / 8) + SLOT_BYTES * item.refs.length;
      pushAll(stack, item.refs);
    } else if (item instanceof Address) {
      total += OBJECT_BYTES + 32 + SLOT_BYTES;
    } else if (item instanceof Map) {
      total += OBJECT_BYTES + 2 * SLOT_BYTES * item.size;
      for (const [k, v] of item) {
        stack.push(k, v);
      }
    } else if (Array.isArray(item)) {
      total += OBJECT_BYTES + SLOT_BYTES * item.length;
      pushAll(stack, item as unknown[]);
    } else {
      const values = Object.values(item);
      total += OBJECT_BYTES + SLOT_BYTES * values.length;
      pushAll(stack, values);
    }
  }
  return total;
}

/** push(...items) without the argument-count limit of a spread. */
function pushAll(stack: unknown[], items: readonly unknown[]): void {
  for (const item of items) {
    stack.push(item);
  }
}
