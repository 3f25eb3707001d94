import { type FastifyReply, type FastifyRequest } from 'fastify';
import { errorReply } from '../../v2/v2-envelope';
import { apiOf } from '../paths/request-route';

/**
 * An error the edge answers itself, before any controller: in the v2 envelope for the v2 API (the
 * status equals `code`, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go),
 * as `{"error": …}` elsewhere (toncenter); the API is the matched route's (edge/paths/request-route.ts).
 */
export function sendEdgeError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
): FastifyReply {
  if (apiOf(request) === 'v2') {
    const v2 = errorReply(status, message, process.hrtime.bigint());
    return reply.status(v2.status).send(v2.body);
  }
  return reply.status(status).send({ error: message });
}
