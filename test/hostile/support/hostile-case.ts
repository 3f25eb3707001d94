import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { echoedInput } from '@app/ton';
import { z } from 'zod';
import { type BuildArgs, buildValue } from './hostile-builders';
import { generateRequests } from './hostile-generators';

/*
 * The corpus files (test/hostile/corpus/*.json, described in test/hostile/README.md) and what they
 * expand to: one request with its expected answer per case, and one per target × value of each
 * sweep.
 */

/** A value written in the corpus: as is, or made by a builder (`{"$build": name, "args": {…}}`). */
const Built = z.object({
  $build: z.string(),
  args: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});

const QueryValue = z.union([z.string(), z.array(z.string()), Built]);

const Expect = z
  .object({
    /** The exact HTTP status (the v2 envelope's `code` must equal it). */
    status: z.number().int().min(400).max(499),
    /** The parameter at fault: the error text must name it, unless `error` pins the text. */
    param: z.string(),
    /**
     * The exact error text, where toncenter's own wording is kept although it names no parameter
     * (`Failed to parse ton_addr: '<input>'`); `{value}` stands for the sweep's value.
     */
    error: z.string().optional(),
    /** The exact body (without `@extra`), for answers that carry no `error` (429's `result`). */
    body: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type HostileExpect = z.infer<typeof Expect>;

const Method = z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

const Case = z
  .object({
    name: z.string(),
    method: Method,
    /** `/api/v2/<method>`, `/api/v2/jsonRPC` or `/api/v3/<endpoint>`. */
    path: z.string().startsWith('/api/'),
    query: z.record(z.string(), QueryValue).optional(),
    /** Appended after `?` exactly as written (invalid percent-escapes included). */
    rawQuery: z.string().optional(),
    /** A JSON value, serialised; `$build` values inside it are expanded first. */
    body: z.unknown().optional(),
    /** The body as text, sent as is (broken JSON, built giant texts). */
    rawBody: z.union([z.string(), Built]).optional(),
    /** The body as exact bytes (invalid UTF-8). */
    rawBodyBase64: z.string().optional(),
    /** Default `application/json` when there is a body; `null` sends none. */
    contentType: z.string().nullable().optional(),
    /** Other request headers (`x-forwarded-for` puts a case in a rate-limit bucket of its own). */
    headers: z.record(z.string(), z.string()).optional(),
    /**
     * `socket`: the request line is written byte for byte on a TCP connection (latin1), for bytes
     * an HTTP client would escape (raw UTF-8 in the request target).
     */
    transport: z.enum(['fetch', 'socket']).optional(),
    expect: Expect,
  })
  .strict();

const SweepTarget = z
  .object({
    method: Method,
    path: z.string().startsWith('/api/'),
    /** For `/api/v2/jsonRPC`: the method whose params carry the value. */
    rpcMethod: z.string().optional(),
    param: z.string(),
    /** The other parameters, valid, so that the swept one is the only fault. */
    base: z.record(z.string(), z.unknown()).optional(),
    /** Send the value as a one-element repeated key / JSON array (list parameters). */
    asList: z.boolean().optional(),
    /** A JSON value the swept value goes into: each string `{value}` in it is replaced. */
    wrap: z.unknown().optional(),
    error: z.string().optional(),
  })
  .strict();

const Sweep = z
  .object({
    name: z.string(),
    status: z.number().int().min(400).max(499),
    values: z.array(z.object({ label: z.string(), value: z.union([z.string(), Built]) }).strict()),
    targets: z.array(SweepTarget),
    /** Parameters of the theme deliberately not swept, each with the reason. */
    exempt: z
      .array(z.object({ path: z.string(), param: z.string(), reason: z.string() }))
      .optional(),
  })
  .strict();

/** Requests made in code by a generator of support/hostile-generators.ts, each with its answer. */
const Generated = z
  .object({
    builder: z.string(),
    args: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  })
  .strict();

const CorpusFile = z
  .object({
    theme: z.string(),
    description: z.string(),
    cases: z.array(Case).optional(),
    sweeps: z.array(Sweep).optional(),
    generated: z.array(Generated).optional(),
  })
  .strict();
export type CorpusFile = z.infer<typeof CorpusFile>;
export type SweepTarget = z.infer<typeof SweepTarget>;

/** One request ready to send and what must come back. */
export interface HostileRequest {
  readonly name: string;
  readonly method: z.infer<typeof Method>;
  /** Path and query, escaped for the wire. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
  readonly transport: 'fetch' | 'socket';
  readonly expect: HostileExpect;
}

export interface HostileTheme {
  readonly file: string;
  readonly theme: string;
  readonly requests: readonly HostileRequest[];
  readonly sweeps: readonly z.infer<typeof Sweep>[];
}

function isBuilt(value: unknown): value is z.infer<typeof Built> {
  return Built.safeParse(value).success;
}

function built(value: z.infer<typeof Built>): string {
  const args: BuildArgs = value.args ?? {};
  return buildValue(value.$build, args);
}

/** Replaces every `$build` object inside a JSON value by what its builder returns. */
export function expand(value: unknown): unknown {
  if (isBuilt(value)) {
    return built(value);
  }
  if (Array.isArray(value)) {
    return value.map(expand);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v)]));
  }
  return value;
}

function queryString(query: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const value = expand(raw);
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, String(item));
    }
  }
  return params.toString();
}

function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`;
}

function requestOf(c: z.infer<typeof Case>): HostileRequest {
  const query = c.rawQuery ?? queryString(c.query ?? {});
  let body: Buffer | undefined;
  if (c.rawBodyBase64 !== undefined) {
    body = Buffer.from(c.rawBodyBase64, 'base64');
  } else if (c.rawBody !== undefined) {
    body = Buffer.from(typeof c.rawBody === 'string' ? c.rawBody : built(c.rawBody), 'utf8');
  } else if (c.body !== undefined) {
    body = Buffer.from(JSON.stringify(expand(c.body)), 'utf8');
  }
  const contentType =
    c.contentType === undefined ? (body ? 'application/json' : null) : c.contentType;
  return {
    name: c.name,
    method: c.method,
    target: withQuery(c.path, query),
    headers: { ...(contentType === null ? {} : { 'content-type': contentType }), ...c.headers },
    ...(body ? { body } : {}),
    transport: c.transport ?? 'fetch',
    expect: c.expect,
  };
}

/** `template` with every string `{value}` in it replaced by `value`. */
function replacePlaceholder(template: unknown, value: string): unknown {
  if (template === '{value}') {
    return value;
  }
  if (Array.isArray(template)) {
    return template.map((item) => replacePlaceholder(item, value));
  }
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(
      Object.entries(template).map(([k, v]) => [k, replacePlaceholder(v, value)]),
    );
  }
  return template;
}

/** One request per value of a sweep target: the value in the target's parameter, the rest valid. */
export function sweepRequests(sweep: z.infer<typeof Sweep>, target: SweepTarget): HostileRequest[] {
  return sweep.values.map(({ label, value: raw }): HostileRequest => {
    const value = typeof raw === 'string' ? raw : built(raw);
    const placed = target.wrap === undefined ? value : replacePlaceholder(target.wrap, value);
    const params = { ...(target.base ?? {}), [target.param]: target.asList ? [placed] : placed };
    const expect: HostileExpect = {
      status: sweep.status,
      param: target.param,
      // Errors quote a client's input up to a bound (libs/ton echoed-input.ts).
      ...(target.error === undefined
        ? {}
        : { error: target.error.replaceAll('{value}', echoedInput(value)) }),
    };
    const name = `${target.method} ${target.path}${target.rpcMethod === undefined ? '' : `:${target.rpcMethod}`} ${target.param} = ${label}`;
    if (target.method === 'GET') {
      return {
        name,
        method: 'GET',
        target: withQuery(target.path, queryString(params)),
        headers: {},
        transport: 'fetch',
        expect,
      };
    }
    const json =
      target.rpcMethod === undefined
        ? params
        : { jsonrpc: '2.0', id: 1, method: target.rpcMethod, params };
    return {
      name,
      method: target.method,
      target: target.path,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(json), 'utf8'),
      transport: 'fetch',
      expect,
    };
  });
}

/** The corpus directory of the checkout (tests run from the repository root). */
export function corpusDir(): string {
  return resolve(process.cwd(), 'test/hostile/corpus');
}

/** Every corpus file, parsed and checked against the format above. */
export function loadCorpus(dir = corpusDir()): HostileTheme[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = CorpusFile.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      return {
        file,
        theme: parsed.theme,
        requests: [
          ...(parsed.cases ?? []).map(requestOf),
          ...(parsed.generated ?? []).flatMap((g) => generateRequests(g.builder, g.args ?? {})),
        ],
        sweeps: parsed.sweeps ?? [],
      };
    });
}
