import {
  HttpMetrics,
  UNMATCHED_ROUTE,
  REQUEST_ID_HEADER,
  requestIdFrom,
  runWithRequestId,
} from '@app/observability';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyRequest } from 'fastify';
import { V2_METHODS } from '../v2/v2-methods.registry';

const V2_METHOD_ROUTE = '/api/v2/:method';

/**
 * The metric label of a request: its route template, except that a known v2 method gets its own
 * name (a bounded set), so `/metrics` shows getMasterchainInfo and getAddressInformation apart.
 */
export function routeLabel(request: FastifyRequest): string {
  const template = request.routeOptions.url;
  if (template === undefined) {
    return UNMATCHED_ROUTE;
  }
  if (template === V2_METHOD_ROUTE) {
    const params = request.params;
    const method =
      typeof params === 'object' && params !== null && 'method' in params
        ? params.method
        : undefined;
    return typeof method === 'string' && V2_METHODS.has(method) ? `/api/v2/${method}` : template;
  }
  return template;
}

/**
 * Every request runs in a request-id context (taken from `X-Request-Id` when sane, else new), echoed
 * in the response and carried over NATS to the services' logs; every response is counted by route
 * and status.
 */
export function installHttpHooks(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const metrics = app.get(HttpMetrics);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observe({
      method: request.method,
      route: routeLabel(request),
      status: reply.statusCode,
      durationSeconds: reply.elapsedTime / 1000,
    });
    done();
  });
}

/**
 * Fastify options of the gateway: request ids from the client when acceptable. The limits (body size,
 * timeouts) come from edge/protection.
 */
export function gatewayFastifyOptions(): {
  genReqId: (req: { headers: Record<string, unknown> }) => string;
} {
  return {
    genReqId: (req) => {
      const header = req.headers[REQUEST_ID_HEADER];
      return requestIdFrom(typeof header === 'string' ? header : undefined);
    },
  };
}
