import { type FastifyReply, type FastifyRequest } from 'fastify';
import { errorReply } from '../../v2/v2-envelope';

/**
 * An error the edge answers itself, before any controller: in the v2 envelope under /api/v2 (the
 * status equals `code`, §3.2), as `{"error": …}` elsewhere (toncenter-v3 §3.1).
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
