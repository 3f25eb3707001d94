import { DECODE_MAX_ITEMS, Subjects, type TonApiError } from '@app/contracts';
import { type BocShape, BocShapeError, inspectBocShape, MAX_CELL_DEPTH } from '@app/ton';
import { defineV3Endpoint, type V3Endpoint } from '../v3-endpoint';
import { type V3Field, v3Field } from '../v3-field';
import { invalid, type V3Params } from '../v3-params';
import { resultOf, V3Param } from '../v3-schemas';

/**
 * An opcode as toncenter reads it
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): `0x` stripped, hex
 * tried first (so `1234` is 0x1234), then a signed int32 decimal; returned as the unsigned 32-bit
 * value. Out of range → 422 naming `opcodes`.
 */
function opcodeOf(v: string, index: number): number {
  const body = v.replace(/^0[xX]/, '');
  if (/^[0-9a-fA-F]{1,8}$/.test(body)) {
    return Number.parseInt(body, 16);
  }
  if (/^-?\d{1,10}$/.test(v) && Number(v) >= -(2 ** 31) && Number(v) <= 2 ** 32 - 1) {
    return Number(v) >>> 0;
  }
  throw invalid(
    'opcodes',
    `opcodes: index ${String(index)} is not a 32-bit opcode (hex, or decimal)`,
  );
}

/**
 * Cells the bodies of one decode request may hold together, and the depth of each: what the query
 * service builds and walks for them. A thousand real message bodies are a few thousand cells; a
 * megabyte of crafted ones would be hundreds of thousands, and seconds of CPU there.
 */
const DECODE_MAX_CELLS = 1 << 14;

interface CellBudget {
  cells: number;
}

/**
 * A body as base64 (standard or url-safe; a space is a `+` that a query string decoded) or hex BoC,
 * returned as standard base64. Its shape is checked from its bytes here (one root, references
 * forward, within the request's cells and TVM's depth); the query service builds and decodes it.
 */
function bodyOf(v: string, index: number, budget: CellBudget): string {
  const hex = /^(?:0[xX])?((?:[0-9a-fA-F]{2})+)$/.exec(v);
  const b64 = v.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  let bytes: Buffer;
  if (hex?.[1] !== undefined) {
    bytes = Buffer.from(hex[1], 'hex');
  } else if (/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) {
    bytes = Buffer.from(b64, 'base64');
  } else {
    throw invalid('bodies', `bodies: index ${String(index)} is neither base64 nor hex`);
  }
  const refused = (reason: string): TonApiError =>
    invalid('bodies', `bodies: index ${String(index)} is not a BoC with one root cell (${reason})`);
  let shape: BocShape;
  try {
    shape = inspectBocShape(bytes, { maxCells: DECODE_MAX_CELLS });
  } catch (error) {
    if (error instanceof BocShapeError) {
      throw refused(error.message);
    }
    throw error;
  }
  if (shape.roots !== 1) {
    throw refused(`${String(shape.roots)} roots`);
  }
  if (shape.rootDepth > MAX_CELL_DEPTH) {
    throw refused(`deeper than ${String(MAX_CELL_DEPTH)} cells`);
  }
  if (shape.cells > budget.cells) {
    throw invalid('bodies', `bodies: more than ${String(DECODE_MAX_CELLS)} cells in all`);
  }
  budget.cells -= shape.cells;
  return bytes.toString('base64');
}

function list(name: 'opcodes' | 'bodies', values: unknown): string[] {
  if (values === undefined || values === null) {
    return [];
  }
  if (!Array.isArray(values) || !values.every((v): v is string => typeof v === 'string')) {
    throw invalid(name, `${name} must be an array of strings`);
  }
  if (values.length > DECODE_MAX_ITEMS) {
    throw invalid(name, `${name}: at most ${String(DECODE_MAX_ITEMS)} items`);
  }
  return values;
}

/** POST: the JSON array as sent; GET: the repeated query keys. */
function listOf(p: V3Params, name: 'opcodes' | 'bodies'): string[] {
  return list(name, p.jsonField(name) ?? p.strings(name));
}

/** `opcodes`: each as its unsigned 32-bit value. */
function opcodesField(description: string): V3Field<number[]> {
  return v3Field(V3Param.strings(description).optional(), (p) =>
    listOf(p, 'opcodes').map(opcodeOf),
  );
}

/** `bodies`: each a one-root BoC as standard base64, all within one cell budget. */
function bodiesField(description: string): V3Field<string[]> {
  return v3Field(V3Param.strings(description).optional(), (p) => {
    const budget: CellBudget = { cells: DECODE_MAX_CELLS };
    return listOf(p, 'bodies').map((body, i) => bodyOf(body, i, budget));
  });
}

/**
 * decode (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): `GET
 * ?opcodes=…&bodies=…` (repeated keys, no comma splitting,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go) or
 * `POST {"opcodes": [...], "bodies": [...]}`; at most 1000 of each.
 */
export const DECODE_ENDPOINTS: readonly V3Endpoint[] = [
  defineV3Endpoint({
    name: 'decode',
    verbs: ['GET', 'POST'],
    fields: {
      opcodes: opcodesField(
        'Opcodes: hex with or without 0x (tried first), or decimal; at most 1000',
      ),
      bodies: bodiesField('Message bodies: base64 or hex BoC; at most 1000'),
    },
    result: resultOf(Subjects.query.decode),
    run: (q, _s, backend) => backend.forward(Subjects.query.decode, q),
  }),
];
