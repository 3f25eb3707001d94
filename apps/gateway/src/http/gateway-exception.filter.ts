import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { unsupportedMediaType } from '../edge/protection/body-headers';
import { apiOf } from '../edge/paths/request-route';
import { errorReply } from '../v2/v2-envelope';

/**
 * Errors raised before a controller runs (no route, a body that is not JSON, a body over the limit):
 * on the v2 API (by the matched route, edge/paths/request-route.ts) they are rendered in the v2 envelope as toncenter 2.1 does (404 `Not Found`, 422 for
 * an unparsable body); elsewhere as `{"error": …}`, except a failed readiness check, which keeps its
 * per-check body. Controllers render their own errors.
 */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    const health = healthCheckFailure(exception);
    if (health !== undefined) {
      // A failed /readyz keeps terminus' per-check body: an operator needs to see which check is
      // down and why (https://docs.nestjs.com/recipes/terminus).
      void reply.status(status).send(health);
      return;
    }
    const message =
      status === 404
        ? 'Not Found'
        : status === 415
          ? unsupportedMediaType(request.headers['content-type'])
          : describe(exception, status);
    if (apiOf(request) === 'v2') {
      // 2.1 reports unparsable input as 422, never 400.
      const v2Status = status === 400 ? 422 : status;
      const text = status === 400 ? `failed to parse post request: ${message}` : message;
      const v2 = errorReply(v2Status, text, process.hrtime.bigint());
      void reply.status(v2.status).send(v2.body);
      return;
    }
    void reply.status(status).send({ error: message });
  }
}

/** The body `@nestjs/terminus` throws with a 503 when a readiness check is down, if it is one. */
function healthCheckFailure(exception: unknown): object | undefined {
  if (!(exception instanceof ServiceUnavailableException)) {
    return undefined;
  }
  const body = exception.getResponse();
  return typeof body === 'object' &&
    'status' in body &&
    body.status === 'error' &&
    'details' in body
    ? body
    : undefined;
}

function describe(exception: unknown, status: number): string {
  if (status >= 500) {
    return 'internal error';
  }
  return exception instanceof Error ? exception.message : 'bad request';
}
