import { type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { refusedRange } from './address-guard';
import { isHttp } from './metadata-url';

/** What one fetch of off-chain metadata came to. */
export type FetchOutcome =
  | { readonly kind: 'ok'; readonly json: Record<string, unknown> }
  /** Not worth retrying: 4xx, not a JSON object, too large, bad scheme, refused address. */
  | { readonly kind: 'permanent'; readonly error: string }
  /** Worth retrying: network error, timeout, 5xx. */
  | { readonly kind: 'transient'; readonly error: string };

export interface SafeFetchOptions {
  /** For the whole fetch, redirects and body included. */
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  /** Let requests reach loopback, private and other refused ranges (tests, private deployments). */
  readonly allowPrivate: boolean;
  readonly userAgent: string;
}

type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

class Settled extends Error {
  constructor(readonly outcome: FetchOutcome) {
    super(outcome.kind === 'ok' ? 'ok' : outcome.error);
  }
}

const permanent = (error: string): Settled => new Settled({ kind: 'permanent', error });

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener(
      'abort',
      () => {
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
}

/**
 * The address to connect to for `url`'s host: every address the host resolves to must be outside the
 * refused ranges (an attacker's DNS may answer a public and a private one), then the request is pinned
 * to the first, so that a second resolution cannot swap in another address (DNS rebinding).
 */
async function pinnedAddress(
  url: URL,
  options: SafeFetchOptions,
  resolve: Resolve,
  signal: AbortSignal,
): Promise<LookupAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses =
    family === 0
      ? await Promise.race([resolve(host), rejectOnAbort(signal)])
      : [{ address: host, family }];
  const first = addresses[0];
  if (first === undefined) {
    throw new Error(`no address for ${host}`);
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const range = refusedRange(address);
      if (range !== undefined) {
        throw permanent(`refused address ${address} (${range}) of host ${host}`);
      }
    }
  }
  return first;
}

function get(
  url: URL,
  pinned: LookupAddress,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { 'user-agent': options.userAgent, accept: 'application/json, */*;q=0.5' },
        // The checked address, whatever a new resolution would say; TLS still verifies the hostname.
        lookup: (
          _host: string,
          lookupOptions: LookupOptions,
          callback: (
            err: NodeJS.ErrnoException | null,
            address: string | LookupAddress[],
            family?: number,
          ) => void,
        ) => {
          if (lookupOptions.all === true) {
            callback(null, [pinned]);
          } else {
            callback(null, pinned.address, pinned.family);
          }
        },
        agent: false,
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body, refused beyond `maxBytes` (read as a stream: a lying Content-Length is caught too). */
async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = permanent(`body exceeds ${String(maxBytes)} bytes`);
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.destroy();
    throw tooLarge;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    total += buffer.length;
    if (total > maxBytes) {
      res.destroy();
      throw tooLarge;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function parseObject(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    // Not JSON: permanent, as a retry fetches the same body.
    throw permanent('body is not JSON');
  }
  if (!isRecord(parsed)) {
    throw permanent('body is not a JSON object');
  }
  return parsed;
}

async function fetchHops(
  start: URL,
  options: SafeFetchOptions,
  resolve: Resolve,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    if (!isHttp(url)) {
      throw permanent(`unsupported scheme ${url.protocol}`);
    }
    const pinned = await pinnedAddress(url, options, resolve, signal);
    const res = await get(url, pinned, options, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400) {
      res.destroy();
      const location = res.headers.location;
      if (location === undefined) {
        throw permanent(`HTTP ${String(status)} without Location`);
      }
      if (redirects >= options.maxRedirects) {
        throw permanent(`more than ${String(options.maxRedirects)} redirects`);
      }
      // Each hop is checked again: scheme, then the addresses of its host.
      url = new URL(location, url);
      continue;
    }
    if (status >= 500) {
      res.destroy();
      throw new Settled({ kind: 'transient', error: `HTTP ${String(status)}` });
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw permanent(`HTTP ${String(status)}`);
    }
    return parseObject(await readBody(res, options.maxBytes));
  }
}

/**
 * GETs off-chain token metadata (toncenter's ton-metadata-fetcher retrieves the same JSON, 10 MB cap)
 * with the guards a fetcher of URLs taken from chain data needs: http(s) only, every redirect hop
 * checked again (at most `maxRedirects`), no connection to refused address ranges unless
 * `allowPrivate`, a body cap, one deadline for everything.
 */
export async function fetchMetadataJson(
  url: URL,
  options: SafeFetchOptions,
  stop?: AbortSignal,
  resolve: Resolve = systemResolve,
): Promise<FetchOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, options.timeoutMs);
  const onStop = (): void => {
    controller.abort();
  };
  stop?.addEventListener('abort', onStop);
  try {
    return { kind: 'ok', json: await fetchHops(url, options, resolve, controller.signal) };
  } catch (error) {
    if (error instanceof Settled) {
      return error.outcome;
    }
    if (controller.signal.aborted) {
      return { kind: 'transient', error: `timed out after ${String(options.timeoutMs)} ms` };
    }
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: 'transient',
      error: `network error: ${typeof code === 'string' ? code : message}`,
    };
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
  }
}
