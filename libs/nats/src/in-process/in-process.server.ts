import { prefixSubject } from '@app/contracts';
import {
  type CustomTransportStrategy,
  NatsContext,
  type MessageHandler,
  Server,
} from '@nestjs/microservices';
import { type Observable, throwError } from 'rxjs';
import { z } from 'zod';

import {
  partHeader,
  REPLY_DISPOSED_HEADER,
  REPLY_ID_HEADER,
  REPLY_PART_HEADER,
} from '../chunking/reply-chunks';
import { fromHeaderEntries, type HeaderEntries } from '../headers';
import { replyJson, SerializedReply } from '../server/serialized-reply';
import { defaultInProcessBus, type InProcessBus, type BusMessage } from './in-process-bus';

export interface InProcessServerOptions {
  bus?: InProcessBus;
  /** Default queue group of handlers without their own (`@RpcHandler` sets one per subject). */
  queue?: string;
  subjectPrefix?: string;
}

const IncomingPacket = z.object({
  pattern: z.unknown(),
  data: z.unknown(),
  id: z.string().optional(),
});

/** Nest's reply for a subject without handler (NO_MESSAGE_HANDLER in @nestjs/microservices). */
const NO_MESSAGE_HANDLER = 'There is no matching message handler defined in the remote service.';

/**
 * The server side of the in-process transport: a Nest custom transport strategy with ServerNats'
 * semantics (queue groups, NatsContext with headers, `{id, response | err, isDisposed}` replies
 * serialised as JSON), so an app module runs unchanged with or without NATS.
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly bus: InProcessBus;
  private readonly unsubscribers: (() => void)[] = [];

  constructor(private readonly options: InProcessServerOptions = {}) {
    super();
    this.bus = options.bus ?? defaultInProcessBus;
  }

  listen(callback: () => void): void {
    for (const [channel, handler] of this.getHandlers()) {
      const queue = queueOf(handler) ?? this.options.queue;
      const subject = prefixSubject(this.options.subjectPrefix ?? '', channel);
      this.unsubscribers.push(
        this.bus.subscribe(subject, queue, (message) => {
          this.handleBusMessage(channel, message).catch((err: unknown) => {
            this.logger.error(err);
          });
        }),
      );
    }
    this._status$.next('connected');
    callback();
  }

  close(): void {
    for (const unsubscribe of this.unsubscribers.splice(0)) {
      unsubscribe();
    }
    this._status$.next('disconnected');
  }

  on(): void {
    // The bus has no connection events.
  }

  unwrap(): never {
    throw new Error('InProcessServer has no underlying connection');
  }

  private async handleBusMessage(channel: string, message: BusMessage): Promise<void> {
    const packet = IncomingPacket.parse(JSON.parse(message.data));
    const context = new NatsContext([message.subject, fromHeaderEntries(message.headers)]);
    if (packet.id === undefined) {
      await this.handleEvent(channel, { pattern: channel, data: packet.data }, context);
      return;
    }
    const id = packet.id;
    const reply = message.reply;
    const publish = (packet: ReplyPacket): void => {
      const json =
        packet.err === undefined && packet.response !== undefined
          ? replyJson(packet.response)
          : undefined;
      if (json === undefined) {
        reply?.(packetJson(packet, id));
        return;
      }
      // As TonNatsServer sends it: the JSON text, raw, as the one part of the reply.
      reply?.(json, [
        [REPLY_PART_HEADER, [partHeader(0, 1)]],
        [REPLY_ID_HEADER, [id]],
        ...(packet.isDisposed === true
          ? [[REPLY_DISPOSED_HEADER, ['true']] satisfies HeaderEntries[number]]
          : []),
      ]);
    };
    const handler = this.getHandlerByPattern(channel);
    if (handler === null) {
      publish({ status: 'error', err: NO_MESSAGE_HANDLER });
      return;
    }
    // A handler failure becomes an error reply (Nest's RPC proxy already turns most into one), so
    // the request never ends in an unhandled rejection of handleRequest's hidden promise.
    const produce = async (): Promise<Observable<unknown>> => {
      try {
        return this.transformToObservable(await handler(packet.data, context));
      } catch (err) {
        return throwError(() => err);
      }
    };
    this.handleRequest(context, produce, publish);
  }
}

/** One reply packet of Nest's RPC protocol (Server#send), as a transport publishes it. */
export interface ReplyPacket {
  response?: unknown;
  err?: unknown;
  status?: string;
  isDisposed?: boolean;
}

/**
 * The packet's wire text `{…packet, id}`, with a reply the interceptor already serialised written as
 * its text (not stringified a second time). JSON.stringify throws on anything else JSON cannot carry,
 * exactly as NatsRecordSerializer would on the wire.
 */
export function packetJson(packet: ReplyPacket, id: string | undefined): string {
  if (!(packet.response instanceof SerializedReply)) {
    return JSON.stringify({ ...packet, id });
  }
  const { response, ...rest } = packet;
  const head = JSON.stringify({ ...rest, id });
  // `{}` when every other field is undefined: the response is then the only member.
  return head === '{}'
    ? `{"response":${response.json}}`
    : `${head.slice(0, -1)},"response":${response.json}}`;
}

/** The queue group a handler declared through `@MessagePattern(subject, { queue })`. */
export function queueOf(handler: MessageHandler): string | undefined {
  const queue: unknown = handler.extras?.queue;
  return typeof queue === 'string' ? queue : undefined;
}
