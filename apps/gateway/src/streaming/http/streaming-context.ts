import { type StreamLog } from '@app/nats';
import { type FastifyRequest } from 'fastify';
import { type Logger } from 'pino';
import { edgeCallerOf } from '../../edge/auth/install-edge-access';
import { type StreamClient, type StreamClientInit } from '../connection/stream-client';
import { type StreamHub } from '../hub/stream-hub';
import { type ConnectionLimiter, type StreamLimits } from '../limits/connection-limiter';
import { type ReplayDeps } from '../replay/replay';
import { type StreamingMetrics } from '../streaming.metrics';
import { type StreamingOptions } from '../streaming.options';

/** Everything the SSE and WebSocket routes share in one gateway process. */
export interface StreamingContext {
  readonly log: StreamLog;
  readonly hub: StreamHub;
  readonly limiter: ConnectionLimiter;
  readonly metrics: StreamingMetrics;
  readonly options: StreamingOptions;
  readonly logger: Logger;
  /** This process's connections by id (an eviction names one). */
  readonly connections: Map<string, StreamClient>;
  /** The client's address as the edge resolves it. */
  readonly clientIp: (request: FastifyRequest) => string;
}

/** Who a connection counts against, and the allowance: the key's plan, or the anonymous defaults. */
export function callerOf(
  request: FastifyRequest,
  context: StreamingContext,
): { readonly identity: string; readonly limits: StreamLimits } {
  const caller = edgeCallerOf(request);
  if (caller?.kind === 'key') {
    return {
      identity: `key:${String(caller.keyId)}`,
      limits: {
        connections: caller.plan.streamingConnections,
        addresses: caller.plan.streamingAddresses,
      },
    };
  }
  return {
    identity: `ip:${context.clientIp(request)}`,
    limits: {
      connections: context.options.anonymousConnections,
      addresses: context.options.anonymousAddresses,
    },
  };
}

/** toncenter's refusal texts (https://docs.ton.org/api/streaming/overview). */
export const connectionLimitText = (max: number): string =>
  `connection limit reached: ${String(max)} active connections`;

/** Keeps `client` findable for evictions until it closes, and releases its slot then. */
export function trackConnection(
  client: StreamClient,
  context: StreamingContext,
  onClosed: () => void,
): void {
  context.connections.set(client.connId, client);
  client.onClose(() => {
    context.connections.delete(client.connId);
    onClosed();
    void context.limiter.release(client.identity, client.connId);
  });
}

/** A connection's client, with this process's queue bounds and metrics. */
export function createStreamClient(
  context: StreamingContext,
  init: Pick<StreamClientInit, 'connId' | 'identity' | 'transport' | 'framing' | 'subscription'>,
): StreamClient {
  return context.hub.createClient({
    ...init,
    options: {
      maxMessages: context.options.queueMessages,
      maxBytes: context.options.queueBytes,
      maxOpenTraces: context.options.maxOpenTraces,
    },
    metrics: context.metrics,
  });
}

/** What a resuming connection's replay reads from and reports to. */
export function replayDepsOf(context: StreamingContext): ReplayDeps {
  return {
    log: context.log,
    hub: context.hub,
    metrics: context.metrics,
    logger: context.logger,
    options: { lookbackEntries: context.options.replayLookbackEntries },
  };
}
