import { type z } from 'zod';
import { type IntegerRange, integerRangeOf, V2_METHODS, type V2Method } from '@app/gateway';
import { type HostileAnswer } from './hostile-client';
import { namesParam } from './hostile-verdict';
import { EDGE_VALUES } from './integer-edges';

/*
 * Hostile sweeps generated from the v2 method registry rather than written as corpus files: every
 * integer parameter of every method at the edges of the integer types, and every Object.prototype
 * name as a parameter and as a JSON-RPC method. A method or parameter added to the registry is swept
 * without anyone listing it.
 */

export { EDGE_VALUES };

/** One generated request and the rule its answer must follow. */
export interface SweepRequest {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly target: string;
  readonly body?: string;
  /** What is wrong with the answer, or undefined when it follows the rule. */
  check(answer: HostileAnswer): string | undefined;
}

/** A genesis wallet: an account that exists on the local network the sweeps run against. */
export const SWEEP_ADDRESS = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';

/**
 * A valid value for a required parameter by its name, so that the swept parameter is the only fault;
 * a required parameter not named here is left out (its method then answers 422 naming it, which the
 * prototype sweep accepts and the integer sweep does not meet: no such method takes an integer).
 */
const VALID: Readonly<Record<string, unknown>> = {
  address: SWEEP_ADDRESS,
  source: SWEEP_ADDRESS,
  destination: SWEEP_ADDRESS,
  workchain: -1,
  shard: '-9223372036854775808',
  seqno: 1,
  created_lt: '1',
  method: 'seqno',
  stack: [],
};

/**
 * dnsResolve starts from a resolver: the genesis DNS item (`dns-localnet`), so that it resolves; the
 * same call on a wallet fails in the TVM (`get method failed`, 500 as in toncenter 2.1).
 */
const VALID_FOR: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  dnsResolve: { address: '0:b7e6796f1081765ab63e68458ff347f32f230b12491257058f21ca72e475b925' },
};

/** The method's parameters and their schemas, as the registry publishes them. */
function shapeOf(method: V2Method): [string, z.ZodType][] {
  const shape: Record<string, z.ZodType> = method.paramsSchema.shape;
  return Object.entries(shape);
}

function requiredParams(method: V2Method, except: string): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(VALID_FOR[method.name] ?? {})) {
    if (name !== except) {
      base[name] = value;
    }
  }
  for (const [name, schema] of shapeOf(method)) {
    if (name !== except && !schema.safeParse(undefined).success && name in VALID) {
      base[name] = VALID[name];
    }
  }
  return base;
}

function queryOf(params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    query.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return query.toString();
}

/** A JSON object text with `key` set to `literal` written as is (a number past 2^53 stays exact). */
function jsonWith(params: Record<string, unknown>, key: string, literal: string): string {
  const rest = JSON.stringify(params);
  const field = `${JSON.stringify(key)}: ${literal}`;
  return rest === '{}' ? `{${field}}` : `${rest.slice(0, -1)}, ${field}}`;
}

function parsed(answer: HostileAnswer): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(answer.text);
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    // Not JSON at all: reported by the caller as such.
    return undefined;
  }
}

function shown(answer: HostileAnswer): string {
  return `${String(answer.status)} ${answer.text.slice(0, 300)}`;
}

/**
 * A clean answer: the v2 envelope with `code` equal to the status, and no server error other than
 * the liteserver's own answer about the chain (`LITE_SERVER_UNKNOWN: …`, a block that does not
 * exist), which toncenter 2.1 answers with the same 500.
 */
export function cleanAnswer(answer: HostileAnswer): string | undefined {
  const body = parsed(answer);
  if (body === undefined) {
    return `not a JSON object: ${shown(answer)}`;
  }
  if (answer.status === 200) {
    return body.ok === true ? undefined : `200 without ok: ${shown(answer)}`;
  }
  if (body.ok !== false || body.code !== answer.status || typeof body.error !== 'string') {
    return `not the v2 error envelope: ${shown(answer)}`;
  }
  if (answer.status >= 500 && !body.error.startsWith('LITE_SERVER_UNKNOWN: ')) {
    return `a server error: ${shown(answer)}`;
  }
  return undefined;
}

/** 422 in the v2 envelope, its error naming `param`. */
function refusedNaming(param: string): (answer: HostileAnswer) => string | undefined {
  return (answer) => {
    const body = parsed(answer);
    if (answer.status !== 422 || body?.ok !== false || body.code !== 422) {
      return `expected 422 naming ${param}: ${shown(answer)}`;
    }
    return typeof body.error === 'string' && namesParam(body.error, param)
      ? undefined
      : `the error does not name ${param}: ${shown(answer)}`;
  };
}

function inRange(value: bigint, range: IntegerRange): boolean {
  return value >= range.min && value <= range.max;
}

/** Every integer parameter of every v2 method, from the registry, with its range. */
export function integerParams(): { method: V2Method; param: string; range: IntegerRange }[] {
  return [...V2_METHODS.values()].flatMap((method) =>
    shapeOf(method).flatMap(([param, schema]) => {
      const range = integerRangeOf(schema);
      return range === undefined ? [] : [{ method, param, range }];
    }),
  );
}

/**
 * Each integer parameter at each edge value, as query text (GET), as a JSON number in a POST body
 * and in JSON-RPC params: out of its range → 422 naming it; within → a clean answer.
 */
export function integerSweep(): SweepRequest[] {
  return integerParams().flatMap(({ method, param, range }) =>
    EDGE_VALUES.flatMap(({ label, value }): SweepRequest[] => {
      const base = requiredParams(method, param);
      const check = inRange(value, range) ? cleanAnswer : refusedNaming(param);
      const digits = value.toString();
      const name = `${method.name} ${param} = ${label}`;
      const requests: SweepRequest[] = [
        {
          name: `POST ${name}`,
          method: 'POST',
          target: `/api/v2/${method.name}`,
          body: jsonWith(base, param, digits),
          check,
        },
        {
          name: `JSON-RPC ${name}`,
          method: 'POST',
          target: '/api/v2/jsonRPC',
          body: `{"jsonrpc": "2.0", "id": 1, "method": ${JSON.stringify(method.name)}, "params": ${jsonWith(base, param, digits)}}`,
          check,
        },
      ];
      if (method.verbs.includes('GET')) {
        requests.push({
          name: `GET ${name}`,
          method: 'GET',
          target: `/api/v2/${method.name}?${queryOf({ ...base, [param]: digits })}`,
          check,
        });
      }
      return requests;
    }),
  );
}

/** Every name Object.prototype has (`constructor`, `toString`, `__proto__`, `valueOf`…). */
export const PROTOTYPE_KEYS: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/**
 * Each Object.prototype name as a query key and a body key of every method, as a JSON-RPC params
 * key, and as a JSON-RPC method: never a server error, always the v2 envelope.
 */
export function prototypeSweep(): SweepRequest[] {
  return [...V2_METHODS.values()].flatMap((method) =>
    PROTOTYPE_KEYS.flatMap((key): SweepRequest[] => {
      const base = requiredParams(method, '');
      const requests: SweepRequest[] = [
        {
          name: `POST ${method.name} body key ${key}`,
          method: 'POST',
          target: `/api/v2/${method.name}`,
          body: jsonWith(base, key, '"1"'),
          check: cleanAnswer,
        },
        {
          name: `JSON-RPC ${method.name} params key ${key}`,
          method: 'POST',
          target: '/api/v2/jsonRPC',
          body: `{"jsonrpc": "2.0", "id": 1, "method": ${JSON.stringify(method.name)}, "params": ${jsonWith(base, key, '"1"')}}`,
          check: cleanAnswer,
        },
      ];
      if (method.verbs.includes('GET')) {
        requests.push({
          name: `GET ${method.name} query key ${key}`,
          method: 'GET',
          target: `/api/v2/${method.name}?${queryOf({ ...base, [key]: '1' })}`,
          check: cleanAnswer,
        });
      }
      return requests;
    }),
  );
}

/** Each Object.prototype name as a JSON-RPC method and as a REST path: 404 naming nothing odd. */
export function prototypeMethodSweep(): SweepRequest[] {
  return PROTOTYPE_KEYS.flatMap((key): SweepRequest[] => [
    {
      name: `JSON-RPC method ${key}`,
      method: 'POST',
      target: '/api/v2/jsonRPC',
      body: `{"jsonrpc": "2.0", "id": 1, "method": ${JSON.stringify(key)}, "params": {}}`,
      check: (answer) =>
        answer.status === 404 ? cleanAnswer(answer) : `expected 404: ${shown(answer)}`,
    },
    {
      name: `GET /api/v2/${key}`,
      method: 'GET',
      target: `/api/v2/${encodeURIComponent(key)}`,
      check: (answer) =>
        answer.status === 404 ? cleanAnswer(answer) : `expected 404: ${shown(answer)}`,
    },
  ]);
}
