import { prefixSubject } from '@app/contracts';
import { type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { type NatsContext, ServerNats } from '@nestjs/microservices';

import { DEFAULT_REPLY_CHUNK_BYTES, prepareReply } from '../chunking/reply-chunks';

import { queueOf } from '../in-process/in-process.server';

export interface TonNatsServerOptions {
  servers: string | string[];
  /** Default queue group; `@RpcHandler` gives each handler its service's group anyway. */
  queue?: string;
  /** Connection name shown by the NATS server (`nats server report connections`). */
  name?: string;
  /** Prepended to every subscribed subject (test isolation on a shared NATS server). */
  subjectPrefix?: string;
  /** Replies whose JSON exceeds this go as several chunk messages (see reply-chunks.ts). */
  replyChunkBytes?: number;
}

/** One reply packet of Nest's RPC protocol, as ServerNats publishes it. */
interface ReplyPacket {
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

type NatsMessage = Parameters<ServerNats['getPublisher']>[0];

/**
 * Nest's ServerNats with a subject prefix: subscriptions go to `<prefix>.<subject>` while handlers
 * are still looked up by their unprefixed pattern. Without a prefix it behaves exactly as
 * ServerNats (per-handler queue groups from `@MessagePattern(…, { queue })` included).
 */
export class TonNatsServer extends ServerNats {
  private readonly prefix: string;
  private readonly prefixedSubscriptions: Subscription[] = [];
  private readonly defaultQueue: string | undefined;
  private readonly replyChunkBytes: number;

  constructor(options: TonNatsServerOptions) {
    const { subjectPrefix, replyChunkBytes, ...natsOptions } = options;
    // maxReconnectAttempts -1: nats.js gives up after 10 attempts (~20 s), and a service whose
    // connection gave up would never serve again after a longer NATS outage.
    super({ ...natsOptions, gracefulShutdown: false, maxReconnectAttempts: -1 });
    this.prefix = subjectPrefix ?? '';
    this.defaultQueue = options.queue;
    this.replyChunkBytes = replyChunkBytes ?? DEFAULT_REPLY_CHUNK_BYTES;
  }

  /**
   * Nest's publisher, except that a reply too large for one NATS message goes as chunk envelopes
   * (the last one carries the packet's isDisposed), which RpcClient joins back together.
   */
  override getPublisher(
    natsMsg: NatsMessage,
    id: string,
    ctx: NatsContext,
  ): (packet: ReplyPacket) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    return (packet) => {
      const prepared =
        packet.err === undefined && packet.response !== undefined
          ? prepareReply(packet.response, this.replyChunkBytes)
          : undefined;
      if (prepared === undefined) {
        return publish(packet) as unknown;
      }
      if ('json' in prepared) {
        // The packet NatsRecordSerializer would write ({id, response, isDisposed}, no headers), with
        // the reply's text as already serialised instead of stringifying it a second time.
        const disposed =
          packet.isDisposed === undefined ? '' : `,"isDisposed":${String(packet.isDisposed)}`;
        // Nest types the message as `any`; on this transport it is a nats.js Msg.
        return (natsMsg as Msg).respond(
          `{"id":${JSON.stringify(id)}${disposed},"response":${prepared.json}}`,
        );
      }
      prepared.chunks.forEach((chunk, index) => {
        const last = index === prepared.chunks.length - 1;
        publish({ response: chunk, isDisposed: last ? packet.isDisposed : false });
      });
      return undefined;
    };
  }

  override bindEvents(client: NatsConnection): void {
    for (const [channel, handler] of this.getHandlers()) {
      const queue = queueOf(handler) ?? this.defaultQueue;
      this.prefixedSubscriptions.push(
        client.subscribe(prefixSubject(this.prefix, channel), {
          ...(queue === undefined ? {} : { queue }),
          callback: (error, message) => {
            if (error !== null) {
              this.logger.error(error);
              return;
            }
            this.handleMessage(channel, message).catch((err: unknown) => {
              this.logger.error(err);
            });
          },
        }),
      );
    }
  }
}
