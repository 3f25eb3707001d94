import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  HttpMetrics,
  REQUEST_ID_HEADER,
  requestIdFrom,
  runWithRequestId,
} from '@app/observability';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';
import { type EdgeAccess } from '../edge/auth/install-edge-access';
import { type LoadShedder } from '../edge/protection/load-shedder';
import { type EdgeProtectionOptions } from '../edge/protection/protection.options';
import { queryStringProblem } from '../edge/protection/query-limits';
import { corsHeaders, SECURITY_HEADERS } from '../edge/protection/response-headers';
import { errorReply, JSON_CONTENT_TYPE, V2_API_VERSION } from '../v2/v2-envelope';
import { type RawParams } from '../v2/v2-params';
import { V2_EXECUTOR } from '../v2/v2.controller';
import { type V2Executor } from '../v2/v2.executor';

/** The GET paths the lean route may answer, each one v2 method (its metric label is the path). */
const LEAN_PATHS: ReadonlyMap<string, string> = new Map(
  ['getAddressInformation', 'getMasterchainInfo'].map((method) => [`/api/v2/${method}`, method]),
);

/**
 * A query string every parser reads the same way: `name=value` pairs of unreserved characters (and
 * `:` in values, as in a raw address), each name once. Anything else (escapes, `+`, repeated or empty names) is left to Fastify's parser.
 */
const PLAIN_PAIR = /^([A-Za-z0-9\-._~]+)=([A-Za-z0-9\-._~:]*)$/;

/** A plain query's parameters, and its pairs but the API key's as one text (see KeptKeys). */
interface PlainQuery {
  readonly params: RawParams;
  readonly text: string;
}

function plainQuery(query: string): PlainQuery | undefined {
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  if (query === '') {
    return { params, text: '' };
  }
  let text = '';
  for (const pair of query.split('&')) {
    const match = PLAIN_PAIR.exec(pair);
    const name = match?.[1];
    if (name === undefined || name in params) {
      return undefined;
    }
    params[name] = match?.[2] ?? '';
    if (name !== API_KEY_PARAM) {
      text += `&${pair}`;
    }
  }
  return { params, text };
}

/** The query parameter a v2 GET may carry its API key in; a method's parameters never include it. */
const API_KEY_PARAM = 'api_key';
/** Distinct plain queries remembered with their kept key before the memory starts over. */
const KEPT_KEYS_MAX = 10_000;

/**
 * The executor's kept key of a method and plain query, remembered by the query's text: the key is a
 * function of the parameters alone (V2Executor.keptKey), so the same text needs no second parse of
 * its address and integers. The API key's pair is left out of the text: a secret is never held as a
 * key here, and every caller of one read shares its entry. Bounded: past KEPT_KEYS_MAX texts (a
 * client inventing queries) the memory starts over.
 */
class KeptKeys {
  private readonly keys = new Map<string, string | null>();

  constructor(private readonly executor: V2Executor) {}

  of(method: string, query: PlainQuery): string | undefined {
    const text = `${method}?${query.text}`;
    let key = this.keys.get(text);
    if (key === undefined) {
      key = this.executor.keptKey(method, query.params) ?? null;
      if (this.keys.size >= KEPT_KEYS_MAX) {
        this.keys.clear();
      }
      this.keys.set(text, key);
    }
    return key ?? undefined;
  }
}

/** A lean request's target: the method's route, its parameters and its answer's kept key. */
interface LeanTarget {
  readonly route: string;
  readonly query: RawParams;
  readonly key: string;
}

/**
 * Lean targets remembered by the URL as sent, so a repeated read costs one map lookup instead of its
 * query's parse, limits check and key text. Only URLs without `api_key` (a secret is never held as
 * a key here) whose query was plain and whose answer has a kept key are remembered; everything else
 * takes the full path each time. Bounded as KeptKeys.
 */
class LeanUrls {
  private readonly targets = new Map<string, LeanTarget>();

  get(url: string): LeanTarget | undefined {
    return this.targets.get(url);
  }

  remember(url: string, target: LeanTarget): void {
    if (url.includes(API_KEY_PARAM)) {
      return;
    }
    if (this.targets.size >= KEPT_KEYS_MAX) {
      this.targets.clear();
    }
    this.targets.set(url, target);
  }
}

/** Header names and values, flat, in the order they are sent (node:http's writeHead takes them so). */
type HeaderList = string[];

/** Appends `more`'s headers to `list`, names lower-cased as Fastify sends them. */
function appendHeaders(list: HeaderList, more: Readonly<Record<string, string>>): void {
  for (const name in more) {
    list.push(lowerName(name), more[name] ?? '');
  }
}

const lowerNames = new Map<string, string>();

/** A header name in lower case; the few names the edge uses are lowered once. */
function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < 64) {
      lowerNames.set(name, lower);
    }
  }
  return lower;
}

function headerList(headers: Readonly<Record<string, string>>): readonly string[] {
  const list: HeaderList = [];
  appendHeaders(list, headers);
  return list;
}

/** The security headers every answer carries, flat (response-headers.ts). */
const SECURITY_HEADER_LIST = headerList(SECURITY_HEADERS);

const API_VERSION_HEADER = 'x-api-version';

/** What the lean route needs of the gateway it runs in. */
export interface LeanRouteParts {
  readonly edge: EdgeAccess;
  readonly protection: EdgeProtectionOptions;
  readonly shedder: LoadShedder;
  readonly logger: Logger;
}

/**
 * The two hottest v2 reads answered on node:http's `request` event, ahead of Fastify and Nest: a GET
 * of getAddressInformation at a seqno or of getMasterchainInfo whose answer the executor keeps
 * rendered (V2Executor.keptKey and keptReplyBody). Such a request passes the same edge as any
 * other — security and CORS headers, the API key check and the rate limit (EdgeGate), metrics and
 * the access log — and is answered with the bytes and headers the Fastify route would send. Anything
 * else falls through to Fastify untouched before the edge has charged it: another verb or path, a
 * body, a query string that is not plain or is over the limits, shedding, a closing server, an
 * answer not kept.
 */
export function installLeanV2Route(app: NestFastifyApplication, parts: LeanRouteParts): void {
  const server: Server = app.getHttpServer();
  const fastify = app.getHttpAdapter().getInstance();
  const executor = app.get<symbol, V2Executor>(V2_EXECUTOR);
  const httpMetrics = app.get(HttpMetrics);
  const { edge, protection, shedder, logger } = parts;
  const keptKeys = new KeptKeys(executor);
  let closing = false;
  fastify.addHook('preClose', (done) => {
    // Fastify answers 503 on kept-alive connections from here on (return503OnClosing).
    closing = true;
    done();
  });

  const leanUrls = new LeanUrls();
  const target = (url: string): LeanTarget | undefined => {
    const mark = url.indexOf('?');
    const method = LEAN_PATHS.get(mark < 0 ? url : url.slice(0, mark));
    if (method === undefined || queryStringProblem(url, protection) !== undefined) {
      return undefined;
    }
    const query = plainQuery(mark < 0 ? '' : url.slice(mark + 1));
    const key = query === undefined ? undefined : keptKeys.of(method, query);
    if (query === undefined || key === undefined) {
      return undefined;
    }
    const found = { route: `/api/v2/${method}`, query: query.params, key };
    leanUrls.remember(url, found);
    return found;
  };

  const keptReply = (request: IncomingMessage, startedAt: bigint) => {
    if (
      request.method !== 'GET' ||
      closing ||
      shedder.overloaded ||
      request.headers['content-length'] !== undefined ||
      request.headers['transfer-encoding'] !== undefined
    ) {
      return undefined;
    }
    const url = request.url ?? '';
    const found = leanUrls.get(url) ?? target(url);
    const body = found === undefined ? undefined : executor.keptReplyBody(found.key, startedAt);
    return body === undefined || found === undefined
      ? undefined
      : { route: found.route, query: found.query, body };
  };

  // With every origin allowed, a GET's CORS headers do not depend on the request (corsHeaders).
  const anyOriginCors = protection.corsOrigins.includes('*')
    ? headerList(corsHeaders('GET', {}, protection.corsOrigins).headers)
    : undefined;

  const answer = async (
    request: IncomingMessage,
    response: ServerResponse,
    kept: { route: string; query: RawParams; body: Buffer },
    startedAt: bigint,
    requestId: string,
  ): Promise<void> => {
    // In the order the Fastify hooks set them: request id, protection, edge, then the controller.
    const headers: HeaderList = [REQUEST_ID_HEADER, requestId, ...SECURITY_HEADER_LIST];
    if (anyOriginCors === undefined) {
      appendHeaders(headers, corsHeaders('GET', request.headers, protection.corsOrigins).headers);
    } else {
      headers.push(...anyOriginCors);
    }
    const verdict = await edge.gate.admit({
      headers: request.headers,
      query: kept.query,
      peer: request.socket.remoteAddress,
      flavour: 'v2',
    });
    appendHeaders(headers, verdict.headers);
    let status: number;
    let body: Buffer | string;
    if (verdict.refusal === undefined) {
      headers.push(API_VERSION_HEADER, V2_API_VERSION);
      status = 200;
      body = kept.body;
    } else {
      status = verdict.refusal.status;
      body = JSON.stringify(verdict.refusal.body);
    }
    headers.push(
      'content-type',
      JSON_CONTENT_TYPE,
      'content-length',
      String(typeof body === 'string' ? Buffer.byteLength(body) : body.length),
    );
    response.writeHead(status, headers);
    response.end(body);
    const elapsedMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
    httpMetrics.observe({
      method: 'GET',
      route: kept.route,
      status,
      durationSeconds: elapsedMs / 1000,
    });
    edge.recordAnswer({
      requestId,
      method: 'GET',
      route: kept.route,
      status,
      elapsedMs,
      caller: verdict.caller,
      metered: true,
    });
  };

  const fallThrough = server.listeners('request') as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const startedAt = process.hrtime.bigint();
    const kept = keptReply(request, startedAt);
    if (kept === undefined) {
      for (const listener of fallThrough) {
        listener.call(server, request, response);
      }
      return;
    }
    const header = request.headers[REQUEST_ID_HEADER];
    const requestId = requestIdFrom(typeof header === 'string' ? header : undefined);
    runWithRequestId(requestId, () => {
      answer(request, response, kept, startedAt, requestId).catch((error: unknown) => {
        logger.error({ err: error, requestId }, 'lean v2 route failed');
        if (!response.headersSent) {
          const body = JSON.stringify(errorReply(500, 'internal error', startedAt).body);
          response.writeHead(500, { 'content-type': JSON_CONTENT_TYPE });
          response.end(body);
        }
      });
    });
  });
}
