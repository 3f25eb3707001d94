import { type LegacyStackEntry, TonApiError, ErrorCode, type TvmStackEntry } from '@app/contracts';
import { checkStackEntryCount, StackInputError } from '@app/ton';
import { z } from 'zod';

/**
 * The stack of v3 POST runGetMethod (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). Input entries
 * are `{type, value}` with type `num` | `cell` | `slice`, which ton-indexer forwards to v2 as
 * `["num", v]`, `["tvm.Cell", v]`, `["tvm.Slice", v]`. Output entries are `{type, value}` decoded
 * from v2's legacy stack: numbers as `0x…` hex strings (`-0x…` when negative), cells and slices as
 * base64 BoCs, tuples and lists as arrays of entries.
 */

/** One input entry as a client sends it. */
export const V3StackInput = z
  .object({
    type: z.enum(['num', 'cell', 'slice']),
    value: z.union([z.string(), z.number().int()]),
  })
  .meta({
    description: 'A get-method argument: num (decimal or 0x hex), cell or slice (base64 BoC)',
  });

export type V3StackEntry =
  | { type: 'num'; value: string }
  | { type: 'cell' | 'slice'; value: string }
  | { type: 'tuple' | 'list'; value: V3StackEntry[] }
  | { type: 'unsupported'; value: null };

/** One output entry; tuples and lists nest. */
export const V3StackEntry: z.ZodType<V3StackEntry> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('num'), value: z.string().regex(/^-?0x[0-9a-f]+$/) }).strict(),
    z.object({ type: z.enum(['cell', 'slice']), value: z.string() }).strict(),
    z.object({ type: z.enum(['tuple', 'list']), value: z.array(V3StackEntry) }).strict(),
    z.object({ type: z.literal('unsupported'), value: z.null() }).strict(),
  ]),
);

const LEGACY_TYPE = { num: 'num', cell: 'tvm.Cell', slice: 'tvm.Slice' } as const;

function stackError(message: string): TonApiError {
  return new TonApiError(ErrorCode.INVALID_ARGUMENT, message, { details: { param: 'stack' } });
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The v3 input stack as v2's legacy stack. ton-indexer answers an unknown entry type with a 500; it
 * is a 422 naming `stack` here. Values are checked by the v2 stack reader afterwards.
 */
export function toLegacyInput(stack: unknown): unknown[] {
  if (stack === undefined || stack === null) {
    return [];
  }
  if (!Array.isArray(stack)) {
    throw stackError('stack should be an array of {type, value} entries');
  }
  try {
    // On the array's length, before any entry is read (GET_METHOD_STACK_LIMITS).
    checkStackEntryCount(stack.length);
  } catch (error: unknown) {
    throw error instanceof StackInputError ? stackError(error.message) : error;
  }
  return stack.map((entry: unknown, i) => {
    if (!isRecord(entry)) {
      throw stackError(`stack entry ${String(i)} should be an object {type, value}`);
    }
    const type = entry.type;
    if (type !== 'num' && type !== 'cell' && type !== 'slice') {
      throw stackError(`unsupported stack parameter type: ${String(type)}`);
    }
    return [LEGACY_TYPE[type], entry.value];
  });
}

/** `%#x` of a decimal (ton-indexer formats tuple elements so): `0x1f`, `-0x1f`, `0x0`. */
function hexOf(decimal: string): string {
  const n = BigInt(decimal);
  return n < 0n ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`;
}

/** A typed tonlib entry (an element of a legacy tuple or list). */
function fromTonlib(entry: TvmStackEntry): V3StackEntry {
  switch (entry['@type']) {
    case 'tvm.stackEntryNumber':
      return { type: 'num', value: hexOf(entry.number.number) };
    case 'tvm.stackEntryCell':
      return { type: 'cell', value: entry.cell.bytes };
    case 'tvm.stackEntrySlice':
      return { type: 'slice', value: entry.slice.bytes };
    case 'tvm.stackEntryTuple':
      return { type: 'tuple', value: entry.tuple.elements.map(fromTonlib) };
    case 'tvm.stackEntryList':
      return { type: 'list', value: entry.list.elements.map(fromTonlib) };
    case 'tvm.stackEntryUnsupported':
      // ton-indexer fails the whole request (501) on such a value (a NaN or a builder); the rest of
      // the stack is still worth having, so the entry is marked instead.
      return { type: 'unsupported', value: null };
  }
}

/**
 * One entry of v2's legacy result stack. v2 renders a top-level slice as `["cell", …]`, so a slice
 * result reads `cell` here too, exactly as through toncenter; inside tuples and lists tonlib's typed
 * entries keep slices apart.
 */
export function fromLegacyEntry(entry: LegacyStackEntry): V3StackEntry {
  switch (entry[0]) {
    case 'num':
      return { type: 'num', value: entry[1] };
    case 'cell':
      return { type: 'cell', value: entry[1].bytes };
    case 'tuple':
      return { type: 'tuple', value: entry[1].elements.map(fromTonlib) };
    case 'list':
      return { type: 'list', value: entry[1].elements.map(fromTonlib) };
    case 'unsupported':
      return { type: 'unsupported', value: null };
  }
}
