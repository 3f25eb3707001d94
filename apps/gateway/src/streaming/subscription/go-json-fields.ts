import { echoedInput } from '@app/ton';
import { FINALITIES, type Finality } from './subscription';

/**
 * toncenter's streaming server decodes requests with Go's encoding/json into structs: unknown keys are
 * ignored, `null` leaves a field at its zero value, and a value of the wrong JSON type fails with
 * `json: cannot unmarshal <kind> into Go struct field <Struct>.<field> of type <type>`. Clients see
 * that text after a prefix (`invalid subscription request: …`), so it is reproduced here.
 */
export type GoFieldKind = 'string' | 'strings' | 'bool' | 'finality';

export type GoFieldValue<K extends GoFieldKind> = K extends 'string'
  ? string
  : K extends 'strings'
    ? string[]
    : K extends 'bool'
      ? boolean
      : Finality;

export type GoDecoded<F extends Record<string, GoFieldKind>> = {
  [P in keyof F]?: GoFieldValue<F[P]>;
};

export type GoDecodeResult<F extends Record<string, GoFieldKind>> =
  | { readonly ok: true; readonly value: GoDecoded<F> }
  | { readonly ok: false; readonly error: string };

const GO_TYPE: Readonly<Record<GoFieldKind, string>> = {
  string: 'string',
  strings: '[]string',
  bool: 'bool',
  finality: 'models.FinalityState',
};

/** Go's name for the JSON kind of `value` in unmarshal errors. */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) {
    return 'array';
  }
  if (typeof value === 'string') {
    return 'string';
  }
  if (typeof value === 'number') {
    return 'number';
  }
  return typeof value === 'boolean' ? 'bool' : 'object';
}

function mismatch(structName: string, field: string, value: unknown, goType: string): string {
  return `json: cannot unmarshal ${jsonKind(value)} into Go struct field ${structName}.${field} of type ${goType}`;
}

function decodeField(
  structName: string,
  field: string,
  kind: GoFieldKind,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; error: string } {
  switch (kind) {
    case 'string':
    case 'bool': {
      const expected = kind === 'string' ? 'string' : 'boolean';
      return typeof value === expected
        ? { ok: true, value }
        : { ok: false, error: mismatch(structName, field, value, GO_TYPE[kind]) };
    }
    case 'strings': {
      if (!Array.isArray(value)) {
        return { ok: false, error: mismatch(structName, field, value, GO_TYPE.strings) };
      }
      const out: string[] = [];
      for (const item of value as unknown[]) {
        // A null element decodes to "" in Go.
        if (item === null) {
          out.push('');
        } else if (typeof item === 'string') {
          out.push(item);
        } else {
          return { ok: false, error: mismatch(structName, field, item, 'string') };
        }
      }
      return { ok: true, value: out };
    }
    case 'finality': {
      // FinalityState's own UnmarshalJSON reads a string and knows three names.
      if (typeof value !== 'string') {
        return {
          ok: false,
          error: `json: cannot unmarshal ${jsonKind(value)} into Go value of type string`,
        };
      }
      return (FINALITIES as readonly string[]).includes(value)
        ? { ok: true, value }
        : { ok: false, error: `unknown finality state: ${echoedInput(value)}` };
    }
  }
}

/** Decodes a parsed JSON value into the fields of a Go struct named `structName`. */
export function decodeGoStruct<F extends Record<string, GoFieldKind>>(
  structName: string,
  input: unknown,
  fields: F,
): GoDecodeResult<F> {
  if (input === null) {
    return { ok: true, value: {} };
  }
  if (typeof input !== 'object' || Array.isArray(input)) {
    return {
      ok: false,
      error: `json: cannot unmarshal ${jsonKind(input)} into Go value of type ${structName}`,
    };
  }
  const record = input as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(fields)) {
    const raw = record[field];
    if (raw === undefined || raw === null) {
      continue;
    }
    const decoded = decodeField(structName, field, kind, raw);
    if (!decoded.ok) {
      return decoded;
    }
    value[field] = decoded.value;
  }
  return { ok: true, value: value as GoDecoded<F> };
}

/**
 * JSON text → value, with Go's wording for the two failures clients meet (an empty body, and text
 * that is not JSON).
 */
export function parseGoJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') {
    return { ok: false, error: 'unexpected end of JSON input' };
  }
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch {
    // The parse error is reported below in Go's wording, not the engine's.
    const first = trimmed[0] ?? '';
    return /[[{"\-0-9tfn]/.test(first)
      ? { ok: false, error: 'invalid JSON' }
      : { ok: false, error: `invalid character '${first}' looking for beginning of value` };
  }
}
