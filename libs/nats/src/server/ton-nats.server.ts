import { prefixSubject } from '@app/contracts';
import { headers, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { type NatsContext, ServerNats } from '@nestjs/microservices';

import {
  DEFAULT_REPLY_CHUNK_BYTES,
  partHeader,
  REPLY_DISPOSED_HEADER,
  REPLY_ID_HEADER,
  REPLY_PART_HEADER,
  replyParts,
} from '../chunking/reply-chunks';
import { replyJson } from './serialized-reply';

import { queueOf } from '../in-process/in-process.server';

export interface TonNatsServerOptions {
  /**
   * The process's NATS connection (NATS_CONNECTION), asked for when the server starts listening:
   * the server subscribes on it and leaves closing it to NatsConnectionModule.
   */
  connection: () => NatsConnection;
  /** Default queue group; `@RpcHandler` gives each handler its service's group anyway. */
  queue?: string;
  /** Prepended to every subscribed subject (test isolation on a shared NATS server). */
  subjectPrefix?: string;
  /** Replies whose JSON exceeds this go as several messages (see reply-chunks.ts). */
  replyChunkBytes?: number;
}

/** Room left in each part for the message's headers (part, id, disposed: about 100 bytes). */
const PART_HEADROOM_BYTES = 4096;
/** Parts are never cut smaller than this, whatever max_payload says. */
const MIN_PART_BYTES = 1024;

/** One reply packet of Nest's RPC protocol, as ServerNats publishes it. */
interface ReplyPacket {
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

type NatsMessage = Parameters<ServerNats['getPublisher']>[0];

/**
 * Nest's ServerNats on the process's one connection, with a subject prefix: subscriptions go to
 * `<prefix>.<subject>` while handlers are still looked up by their unprefixed pattern. Without a
 * prefix it subscribes as ServerNats does (per-handler queue groups from
 * `@MessagePattern(…, { queue })` included). Closing it ends its subscriptions only.
 */
export class TonNatsServer extends ServerNats {
  private readonly shared: () => NatsConnection;
  private readonly prefix: string;
  private readonly prefixedSubscriptions: Subscription[] = [];
  private readonly defaultQueue: string | undefined;
  private readonly replyChunkBytes: number;
  /** The connection bindEvents was given: its server INFO carries the server's max_payload. */
  private connection: NatsConnection | undefined;

  constructor(options: TonNatsServerOptions) {
    const { connection, subjectPrefix, replyChunkBytes, ...natsOptions } = options;
    super({ ...natsOptions, gracefulShutdown: false });
    this.shared = connection;
    this.prefix = subjectPrefix ?? '';
    this.defaultQueue = options.queue;
    this.replyChunkBytes = replyChunkBytes ?? DEFAULT_REPLY_CHUNK_BYTES;
  }

  /**
   * Nest's publisher for errors; a successful reply goes as its JSON text, raw, in one or more
   * messages marked with the part headers (reply-chunks.ts), which TonNatsReplyDeserializer and
   * RpcClient read back. The text is the one RpcContextInterceptor serialised, sent as it is.
   */
  override getPublisher(
    natsMsg: NatsMessage,
    id: string,
    ctx: NatsContext,
  ): (packet: ReplyPacket) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    // Nest types the message as `any`; on this transport it is a nats.js Msg.
    const msg = natsMsg as Msg;
    return (packet) => {
      const json =
        packet.err === undefined && packet.response !== undefined && msg.reply !== undefined
          ? replyJson(packet.response)
          : undefined;
      if (json === undefined) {
        return publish(packet) as unknown;
      }
      const parts = replyParts(json, this.partBytes());
      parts.forEach((bytes, index) => {
        const h = headers();
        h.set(REPLY_PART_HEADER, partHeader(index, parts.length));
        h.set(REPLY_ID_HEADER, id);
        if (index === parts.length - 1 && packet.isDisposed === true) {
          h.set(REPLY_DISPOSED_HEADER, 'true');
        }
        msg.respond(bytes, { headers: h });
      });
      return undefined;
    };
  }

  /**
   * Bytes of JSON per reply part: the configured size, or less when the server's max_payload is
   * lower (an operator may lower it from its 1 MiB default), leaving room for the headers.
   */
  private partBytes(): number {
    const maxPayload = this.connection?.info?.max_payload;
    return maxPayload === undefined
      ? this.replyChunkBytes
      : Math.max(MIN_PART_BYTES, Math.min(this.replyChunkBytes, maxPayload - PART_HEADROOM_BYTES));
  }

  override createNatsClient(): Promise<NatsConnection> {
    return Promise.resolve(this.shared());
  }

  /**
   * Stops taking requests; the connection stays open for the replies and events of the services
   * still stopping, and NatsConnectionModule drains it after them.
   */
  override close(): Promise<void> {
    for (const subscription of this.prefixedSubscriptions.splice(0)) {
      subscription.unsubscribe();
    }
    this.statusEventEmitter.removeAllListeners();
    return Promise.resolve();
  }

  override bindEvents(client: NatsConnection): void {
    this.connection = client;
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
