import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type ServerResponse } from 'node:http';
import { jsonDepthExceeds } from '../../edge/protection/json-depth';
import { SSE_FRAMING } from '../connection/stream-framing';
import { socketTransport, type StreamTransport } from '../connection/stream-transport';
import { newConnectionId } from '../limits/connection-limiter';
import { type EventId } from '../replay/event-id';
import { replayInto } from '../replay/replay';
import { parseSseRequest } from '../subscription/sse-request.parser';
import { type Subscription } from '../subscription/subscription';
import {
  callerOf,
  connectionLimitText,
  createStreamClient,
  replayDepsOf,
  type StreamingContext,
  trackConnection,
} from './streaming-context';

/** After the closing frame, how long a socket that does not read keeps its resources. */
const CLOSE_GRACE_MS = 5000;

function sseTransport(response: ServerResponse): StreamTransport {
  return socketTransport('sse', {
    writable: () => !response.destroyed && !response.writableEnded,
    send: (frame, sent) => {
      response.write(frame, sent);
    },
    end: (last) => {
      if (response.destroyed) {
        return;
      }
      // The connection ends with the stream (no keep-alive reuse); a peer that does not read gets
      // the grace period to take the last frame.
      const grace = setTimeout(() => {
        response.destroy();
      }, CLOSE_GRACE_MS).unref();
      response.end(last, () => {
        clearTimeout(grace);
        response.socket?.end();
      });
    },
  });
}

function errorBody(id: string | undefined, error: string): Record<string, string> {
  return id === undefined ? { error } : { id, error };
}

/**
 * `POST /api/streaming/v2/sse` (https://docs.ton.org/api/streaming/overview): the subscription in
 * the JSON body, then `text/event-stream` — `event: connected` first, `id:` + `event: event` per
 * notification, `: keepalive` every 15 s. `Last-Event-ID` (or the body's `last_event_id`) resumes
 * after that event.
 */
export async function handleSse(
  request: FastifyRequest,
  reply: FastifyReply,
  context: StreamingContext,
  maxJsonDepth: number,
): Promise<void> {
  const body = typeof request.body === 'string' ? request.body : undefined;
  if (body !== undefined && jsonDepthExceeds(body, maxJsonDepth)) {
    await reply.status(400).send({
      error: `invalid subscription request: JSON nested deeper than ${String(maxJsonDepth)}`,
    });
    return;
  }
  const parsed = parseSseRequest({
    contentType: request.headers['content-type'],
    body,
    actionsVersion: request.headers['x-actions-version'],
    lastEventId: request.headers['last-event-id'],
  });
  if (!parsed.ok) {
    await reply.status(400).send(errorBody(parsed.id, parsed.error));
    return;
  }
  const { id, subscription, since } = parsed.request;
  const { identity, limits } = callerOf(request, context);
  const connId = newConnectionId();
  const admission = await context.limiter.admit({
    identity,
    connId,
    limits,
    addresses: subscription.addresses.size,
    replaceOldest: since !== undefined,
  });
  if (admission.kind === 'connection-limit') {
    context.metrics.refusals.inc({ reason: 'connections' });
    await reply.status(429).send(errorBody(id, connectionLimitText(admission.max)));
    return;
  }
  if (admission.kind === 'address-limit') {
    context.metrics.refusals.inc({ reason: 'addresses' });
    const total = admission.current + admission.requested;
    await reply
      .status(400)
      .send(errorBody(id, `too many addresses: ${String(total)} > max ${String(admission.max)}`));
    return;
  }
  try {
    await context.hub.start();
  } catch (error: unknown) {
    context.logger.error({ err: error }, 'stream log unavailable');
    await context.limiter.release(identity, connId);
    await reply.status(503).send(errorBody(id, 'streaming is temporarily unavailable'));
    return;
  }
  openStream(request, reply, context, { id, subscription, since, identity, connId });
}

function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  context: StreamingContext,
  admitted: {
    readonly id: string | undefined;
    readonly subscription: Subscription;
    readonly since: EventId | undefined;
    readonly identity: string;
    readonly connId: string;
  },
): void {
  // The edge's headers (request id, security, CORS, RateLimit-*) go out with the stream's own.
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) {
      headers[name] = value;
    }
  }
  void reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    // Proxies such as nginx must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  // A stream is long-lived by design: no idle timeout (dead peers fail the keepalive writes).
  request.raw.socket.setTimeout(0);
  request.raw.socket.setNoDelay(true);
  const client = createStreamClient(context, {
    connId: admitted.connId,
    identity: admitted.identity,
    transport: sseTransport(response),
    framing: SSE_FRAMING,
    subscription: admitted.subscription,
  });
  const keepalive = setInterval(() => {
    client.keepalive();
  }, context.options.keepaliveMs);
  trackConnection(client, context, () => {
    clearInterval(keepalive);
  });
  response.on('close', () => {
    client.close();
  });
  client.reply(
    JSON.stringify(
      admitted.id === undefined
        ? { status: 'subscribed' }
        : { id: admitted.id, status: 'subscribed' },
    ),
  );
  const since = admitted.since;
  if (since !== undefined) {
    context.hub.beginReplay(client);
  }
  void context.hub
    .register(client)
    .then(async () => {
      if (since !== undefined) {
        await replayInto(client, since, replayDepsOf(context));
      }
    })
    .catch((error: unknown) => {
      context.logger.error({ err: error }, 'stream replay failed');
      client.close('replay failed: retry later');
    });
}
