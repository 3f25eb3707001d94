import { type FastifyReply, type FastifyRequest } from 'fastify';
import { errorReply } from '../../v2/v2-envelope';

/**
 * An error the edge answers itself, before any controller: in the v2 envelope under /api/v2 (the
 * status equals `code`, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go),
 * as `{"error": …}` elsewhere (toncenter).
 */
export function sendEdgeError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
): FastifyReply {
  if (request.url.startsWith('/api/v2')) {
    const v2 = errorReply(status, message, process.hrtime.bigint());
    return reply.status(v2.status).send(v2.body);
  }
  return reply.status(status).send({ error: message });
}
