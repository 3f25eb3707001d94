import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Zod builders for environment variables. Every variable arrives as a string (or is absent); the
 * builders parse it into its typed value and phrase errors as "expected … " so that loadConfig can
 * append `(got "<value>")`.
 */

/** An integer variable within [min, max]; `fallback` when absent. */
export function intVar(
  min: number,
  max: number,
  fallback: number,
): z.ZodType<number, string | undefined>;
export function intVar(min: number, max: number): z.ZodType<number | undefined, string | undefined>;
export function intVar(
  min: number,
  max: number,
  fallback?: number,
): z.ZodType<number | undefined, string | undefined> {
  const message = `expected a number between ${min} and ${max}`;
  const parsed = z
    .string({ error: message })
    .regex(/^\d+$/, { message, abort: true })
    .transform(Number)
    .pipe(z.number().int().min(min, { message }).max(max, { message }));
  const type = `integer ${min}–${max}`;
  return fallback === undefined
    ? parsed.optional().meta({ type })
    : parsed
        .optional()
        .transform((v) => v ?? fallback)
        .meta({ type, default: String(fallback) });
}

/** A TCP port (1–65535). */
export function portVar(fallback: number): z.ZodType<number, string | undefined>;
export function portVar(): z.ZodType<number | undefined, string | undefined>;
export function portVar(fallback?: number): z.ZodType<number | undefined, string | undefined> {
  return fallback === undefined ? intVar(1, 65535) : intVar(1, 65535, fallback);
}

/** One of `values`; `fallback` when absent. */
export function enumVar<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
): z.ZodType<T[number], string | undefined> {
  const message = `expected one of ${values.join(', ')}`;
  return z
    .enum(values, { error: message })
    .optional()
    .transform((v) => v ?? fallback)
    .meta({ type: values.map((v) => `\`${v}\``).join(', '), default: fallback });
}

/** A non-empty string; `fallback` when absent. */
export function stringVar(fallback: string): z.ZodType<string, string | undefined> {
  return z
    .string()
    .min(1, { message: 'expected a non-empty string' })
    .optional()
    .transform((v) => v ?? fallback)
    .meta({ type: 'non-empty string', default: fallback });
}

/** A NATS server list: comma-separated `nats://host:port` URLs or `host:port` pairs. */
const NATS_SERVERS_MESSAGE = 'expected nats://host:port (comma-separated for several servers)';
export const natsServersVar = z
  .string({ error: NATS_SERVERS_MESSAGE })
  .regex(
    /^(?:(?:nats|tls|ws|wss):\/\/[^\s,/]+|[^\s,:/]+:\d+)(?:,(?:(?:nats|tls|ws|wss):\/\/[^\s,/]+|[^\s,:/]+:\d+))*$/,
    { message: NATS_SERVERS_MESSAGE },
  )
  .optional()
  .meta({
    type: '`nats://host:port` (also `tls://`, `ws://`, `wss://`, bare `host:port`), comma-separated',
  });

/** A PostgreSQL connection URL. */
const POSTGRES_URL_MESSAGE = 'expected postgres://user:password@host:port/db';
export const postgresUrlVar = z
  .string({ error: POSTGRES_URL_MESSAGE })
  .regex(/^postgres(?:ql)?:\/\/\S+$/, { message: POSTGRES_URL_MESSAGE })
  .optional()
  .meta({ type: '`postgres://…` or `postgresql://…`' });

/** A comma-separated list (entries trimmed, empty ones dropped) whose every entry `isEntry` takes; absent → empty list. */
function commaListVar(isEntry: (entry: string) => boolean, message: string) {
  return z
    .string({ error: message })
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter((e) => e !== ''),
    )
    .refine((list) => list.every(isEntry), { message });
}

/** Comma-separated PostgreSQL connection URLs; absent → empty list. */
const POSTGRES_URL_LIST_MESSAGE =
  'expected comma-separated postgres://user:password@host:port/db URLs';
export const postgresUrlListVar = commaListVar(
  (url) => /^postgres(?:ql)?:\/\/\S+$/.test(url),
  POSTGRES_URL_LIST_MESSAGE,
).meta({ type: '`postgres://…` URLs, comma-separated' });

/** A file path or an http(s) URL. */
const PATH_OR_URL_MESSAGE = 'expected a file path or an http(s) URL';
export const pathOrUrlVar = z
  .string({ error: PATH_OR_URL_MESSAGE })
  .min(1, { message: PATH_OR_URL_MESSAGE })
  .refine((v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^https?:\/\/\S+$/i.test(v), {
    message: PATH_OR_URL_MESSAGE,
  })
  .optional()
  .meta({ type: 'file path or `http(s)://` URL' });

/** A Redis connection URL. */
const REDIS_URL_MESSAGE = 'expected redis://[user:password@]host:port[/db]';
export const redisUrlVar = z
  .string({ error: REDIS_URL_MESSAGE })
  .regex(/^rediss?:\/\/\S+$/, { message: REDIS_URL_MESSAGE })
  .optional()
  .meta({ type: '`redis://[user:password@]host:port[/db]` or `rediss://…`' });

/** One IP address or CIDR block (`10.0.0.0/8`, `::1`, `fd00::/8`). */
function isIpOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    return false;
  }
  if (prefix === undefined) {
    return true;
  }
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** A comma-separated list of IP addresses and CIDR blocks; absent → empty list. */
const IP_LIST_MESSAGE = 'expected comma-separated IP addresses or CIDR blocks';
export const ipListVar = commaListVar(isIpOrCidr, IP_LIST_MESSAGE).meta({
  type: 'comma-separated IP addresses / CIDR blocks',
});
