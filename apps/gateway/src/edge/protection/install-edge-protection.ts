import { BadRequestException } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyRequest } from 'fastify';
import { type Server } from 'node:http';
import { apiOf, routeTemplateOf } from '../paths/request-route';
import { answerClientError } from './client-error.reply';
import { bodyHeadersProblem } from './body-headers';
import { sendEdgeError } from './edge-error.reply';
import { quoteUnsafeIntegers } from './exact-json-integers';
import { jsonDepthExceeds } from './json-depth';
import { LoadShedder } from './load-shedder';
import { DEFAULT_PROTECTION, type EdgeProtectionOptions } from './protection.options';
import { queryStringProblem } from './query-limits';
import { deadlineFor, runWithDeadline } from './request-deadline';
import { applyCors, setSecurityHeaders } from './response-headers';

const POISONED_JSON = 'JSON body with a __proto__ or constructor.prototype key is refused';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    // Not JSON: the parser's own error (`Body is not valid JSON …`) stands.
    return false;
  }
}

/** Verbs the APIs answer (HEAD is GET without a body; OPTIONS is the CORS preflight). */
const API_VERBS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

/** Probes and scrapes are never shed: an overloaded replica must still say so and be measured. */
const NEVER_SHED: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The Fastify server options of the limits: body size, and the socket timeouts that cut slow clients
 * (slowloris): headers within `headersTimeoutMs`, the whole request within `requestTimeoutMs` (checked
 * every second), idle keep-alive sockets after `keepAliveTimeoutMs`, silent sockets after
 * `idleTimeoutMs`. A closing server answers 503 on kept-alive connections and drops the idle ones.
 */
export function protectionServerOptions(options: EdgeProtectionOptions = DEFAULT_PROTECTION) {
  return {
    bodyLimit: options.bodyLimitBytes,
    requestTimeout: options.requestTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs,
    connectionTimeout: options.idleTimeoutMs,
    http: {
      headersTimeout: Math.min(options.headersTimeoutMs, options.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle' as const,
    // Unparsable requests (raw non-ASCII bytes in the request line…) get a JSON error too.
    clientErrorHandler: answerClientError,
  };
}

/** By the route the router chose, never by the URL as sent (which can spell it many ways). */
function skipsShedding(request: FastifyRequest): boolean {
  const template = routeTemplateOf(request);
  return template !== undefined && NEVER_SHED.has(template);
}

/**
 * Installs the edge protection on a gateway app that is not listening yet: security headers
 * and CORS on every answer, 503 + Retry-After while the event loop lags, query string limits, JSON
 * depth limit, per-request deadlines (v2 10 s, v3 3 s or `X-Timeout` up to a cap) carried to every
 * NATS request, connection cap, and a bounded drain of requests in flight on close.
 */
export function installEdgeProtection(
  app: NestFastifyApplication,
  options: EdgeProtectionOptions = DEFAULT_PROTECTION,
): LoadShedder {
  const fastify = app.getHttpAdapter().getInstance();
  const server: Server = app.getHttpServer();
  if (options.maxConnections > 0) {
    // Above the cap Node closes each new connection as soon as it is accepted.
    server.maxConnections = options.maxConnections;
  }
  const shedder = new LoadShedder(options.shedEventLoopDelayMs, options.shedSampleIntervalMs);
  const defaultJson = fastify.getDefaultJsonParser('error', 'error');
  // Bodies are JSON (or a form, as Nest registers it); a text body is not read as a string that
  // later fails as "object expected", but refused for its type (415 naming content-type).
  fastify.removeContentTypeParser('text/plain');
  app.useBodyParser<Server>(
    'application/json',
    { bodyLimit: options.bodyLimitBytes },
    (req, body, done) => {
      const text = body.toString('utf8');
      if (jsonDepthExceeds(text, options.maxJsonDepth)) {
        // Rendered by the exception filter: v2 422 `failed to parse post request: …`, else 400.
        done(new BadRequestException(`JSON nested deeper than ${String(options.maxJsonDepth)}`));
        return;
      }
      // v2 parameters take 64-bit integers (shard, lt), which JSON numbers past 2^53 would lose.
      const exact = req.url.startsWith('/api/v2/') ? quoteUnsafeIntegers(text) : text;
      // Fastify's own parser (prototype-poisoning checks included); it answers through `done`.
      void defaultJson(req, exact, (error, value) => {
        if (error !== null && isJson(text)) {
          // Valid JSON refused all the same: the poisoning check, whose reason Fastify drops.
          done(new BadRequestException(POISONED_JSON));
          return;
        }
        done(error, value);
      });
    },
  );

  fastify.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply);
    if (applyCors(request, reply, options.corsOrigins)) {
      return;
    }
    if (shedder.overloaded && !skipsShedding(request)) {
      void reply.header('retry-after', String(options.shedRetryAfterSeconds));
      sendEdgeError(request, reply, 503, 'Service Unavailable: server overloaded, retry later');
      return;
    }
    const problem = queryStringProblem(request.url, options);
    if (problem !== undefined) {
      sendEdgeError(request, reply, 414, problem);
      return;
    }
    const api = apiOf(request);
    if (!API_VERBS.has(request.method) && (api === 'v2' || api === 'v3')) {
      // The APIs read over GET and POST only; any other verb is refused as toncenter 2.1 refuses it
      // (405), not left to fall through to a 404 as if the path did not exist.
      void reply.header('allow', 'GET, POST');
      sendEdgeError(request, reply, 405, `method ${request.method} is not supported`);
      return;
    }
    const body = bodyHeadersProblem(
      request,
      options.bodyLimitBytes,
      (type) => fastify.hasContentTypeParser(type),
      api === 'v2' || api === 'v3',
    );
    if (body !== undefined) {
      // Nothing of the body is read: the connection is closed after the answer, not drained.
      void reply.header('connection', 'close');
      sendEdgeError(request, reply, body.status, body.message);
      return;
    }
    const deadline = deadlineFor(api, request.url, request.headers, options);
    if (deadline === undefined) {
      done();
      return;
    }
    runWithDeadline(deadline, done);
  });

  fastify.addHook('preClose', (done) => {
    // Requests in flight get the grace period to finish; then their connections are cut.
    const grace = setTimeout(() => {
      server.closeAllConnections();
    }, options.shutdownGraceMs);
    grace.unref();
    done();
  });
  fastify.addHook('onClose', (_instance, done) => {
    shedder.stop();
    done();
  });
  return shedder;
}
