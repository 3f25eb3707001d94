import { BocShapeError, DEFAULT_EXTERNAL_MESSAGE_LIMITS, readSingleRootBoc } from '@app/ton';
import { own, type ParamSource, parseError, type RawParams, validationError } from '../v2-params';

/** Parsers of estimateFee (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */

/**
 * The cells the parts of one emulated message (body, init code, init data) may hold together: what
 * config param 43 allows a message (max_msg_cells), so the gateway builds no more than a sendable
 * message has. Start one per request with `messageCellBudget()`.
 */
export interface MessageCellBudget {
  cells: number;
}

export function messageCellBudget(): MessageCellBudget {
  return { cells: DEFAULT_EXTERNAL_MESSAGE_LIMITS.maxCells };
}

/** A StateInit with large code may be big; the whole body limit is not. */
const MAX_PART_BYTES = 1 << 18;

/**
 * The depth of each part. The network takes external messages 512 deep (config param 43), but the
 * sender emulates with @ton/sandbox's WASM build of the emulator, which overflows its stack on a
 * message about 430 deep ("memory access out of bounds") and then hangs the process on the next
 * call (measured). Real bodies and StateInits are a few cells deep; this leaves a wide margin.
 */
const MAX_PART_DEPTH = 256;

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * A BoC of exactly one root cell, re-encoded in standard base64; undefined when unparsable. Its shape
 * is checked from the bytes first: within the budget's cells, and no deeper than MAX_PART_DEPTH.
 */
function singleRootBoc(value: string, budget: MessageCellBudget): string | undefined {
  try {
    const limits = {
      maxBytes: MAX_PART_BYTES,
      maxCells: budget.cells,
      maxDepth: MAX_PART_DEPTH,
    };
    return readSingleRootBoc(Buffer.from(value, 'base64'), limits, (shape) => {
      budget.cells -= shape.cells;
    })
      .toBoc({ idx: false })
      .toString('base64');
  } catch (error) {
    if (error instanceof BocShapeError) {
      return undefined;
    }
    throw error;
  }
}

/** A given value as a b64 BoC of one cell, or `failed to parse <name>`. */
function cellBocOf(
  value: unknown,
  name: string,
  source: ParamSource,
  budget: MessageCellBudget,
): string {
  const boc = typeof value === 'string' ? singleRootBoc(value, budget) : undefined;
  if (boc === undefined) {
    throw parseError(source, `failed to parse ${name}`, name);
  }
  return boc;
}

/** `init_code` / `init_data`: optional (default `""`), a b64 BoC of one cell when given. */
export function optionalCellBoc(
  raw: RawParams,
  name: string,
  source: ParamSource,
  budget: MessageCellBudget,
): string {
  const value = own(raw, name);
  return isAbsent(value) ? '' : cellBocOf(value, name, source, budget);
}

/** `body`: required (`empty body`), a b64 BoC of one cell (`failed to parse body`). */
export function requiredCellBoc(
  raw: RawParams,
  name: string,
  source: ParamSource,
  budget: MessageCellBudget,
): string {
  // A given value is never the empty string once parsed: a BoC has at least its header.
  const boc = optionalCellBoc(raw, name, source, budget);
  if (boc === '') {
    throw validationError(`empty ${name}`, name);
  }
  return boc;
}
