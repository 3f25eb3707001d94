import { ClientProxy, NatsRecord, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { type MsgHdrs, MsgHdrsImpl } from '@nats-io/transport-node';
import { z } from 'zod';

import {
  REPLY_DISPOSED_HEADER,
  REPLY_ID_HEADER,
  REPLY_PART_HEADER,
  ReplyText,
} from '../chunking/reply-chunks';
import { type HeaderEntries, toHeaderEntries } from '../headers';
import { NO_RESPONDERS_PREFIX } from '../errors/revive';
import { defaultInProcessBus, type InProcessBus } from './in-process-bus';

/** The reply packet Nest servers send (`{id, response?, err?, isDisposed?}`), as on NATS. */
const ReplyPacket = z.object({
  id: z.string().optional(),
  response: z.unknown().optional(),
  err: z.unknown().optional(),
  isDisposed: z.boolean().optional(),
});

/**
 * ClientProxy over the in-process bus. It mirrors ClientNats: the packet (with its id) is
 * serialised with JSON.stringify — so a bigint fails here exactly as it would on the wire — headers
 * from a NatsRecord travel beside it; a successful reply comes back as its JSON text (ReplyText,
 * which RpcClient parses or forwards), an error as Nest's packet, parsed here.
 */
export class InProcessClient extends ClientProxy {
  private readonly pending = new Set<(packet: WritePacket) => void>();

  constructor(private readonly bus: InProcessBus = defaultInProcessBus) {
    super();
  }

  connect(): Promise<InProcessBus> {
    this._status$.next('connected');
    return Promise.resolve(this.bus);
  }

  close(): void {
    // Like ClientNats.handleClose: pending requests fail instead of hanging.
    const callbacks = [...this.pending];
    this.pending.clear();
    for (const callback of callbacks) {
      callback({ err: new Error('Connection closed') });
    }
    this._status$.next('disconnected');
  }

  unwrap(): never {
    throw new Error(
      `InProcessClient has no underlying connection (bus with ${this.bus.subjects().length} subjects)`,
    );
  }

  protected publish(partial: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partial);
    const subject = subjectOf(packet);
    const { data, headers } = splitRecord(packet);
    let text: string;
    try {
      text = JSON.stringify({ pattern: subject, data, id: packet.id });
    } catch (err) {
      callback({ err });
      return () => undefined;
    }
    let done = false;
    const settle = (reply: WritePacket): void => {
      if (done) {
        return;
      }
      if (reply.err !== undefined || reply.isDisposed === true) {
        done = true;
        this.pending.delete(callback);
      }
      callback(reply);
    };
    this.pending.add(callback);
    const delivered = this.bus.publish({
      subject,
      data: text,
      headers: toHeaderEntries(headers),
      reply: (replyText, replyHeaders) => {
        if (headerOf(replyHeaders, REPLY_PART_HEADER) !== undefined) {
          // A successful reply, raw (in-process.server.ts): handed over as its text, as over NATS.
          const id = headerOf(replyHeaders, REPLY_ID_HEADER);
          if (id === undefined || id === packet.id) {
            settle({
              response: new ReplyText(replyText),
              isDisposed: headerOf(replyHeaders, REPLY_DISPOSED_HEADER) === 'true',
            });
          }
          return;
        }
        const parsed = ReplyPacket.safeParse(JSON.parse(replyText));
        if (!parsed.success || (parsed.data.id !== undefined && parsed.data.id !== packet.id)) {
          return;
        }
        const { err, response, isDisposed } = parsed.data;
        settle(
          err !== undefined && err !== null
            ? { err, response, isDisposed: true }
            : { response, isDisposed: isDisposed ?? false },
        );
      },
    });
    if (delivered === 0) {
      setImmediate(() => {
        settle({
          err: new Error(`${NO_RESPONDERS_PREFIX} listening to that message ("${subject}")`),
          isDisposed: true,
        });
      });
    }
    return () => {
      done = true;
      this.pending.delete(callback);
    };
  }

  protected dispatchEvent<T = undefined>(packet: ReadPacket): Promise<T> {
    const subject = subjectOf(packet);
    const { data, headers } = splitRecord(packet);
    const text = JSON.stringify({ pattern: subject, data });
    this.bus.publish({ subject, data: text, headers: toHeaderEntries(headers), reply: undefined });
    return Promise.resolve(undefined as T);
  }
}

/** The first value of header `name` in `entries`. */
function headerOf(entries: HeaderEntries | undefined, name: string): string | undefined {
  return entries?.find(([key]) => key === name)?.[1][0];
}

/** The mesh only uses string subjects as patterns (see @app/contracts Subjects). */
function subjectOf(packet: ReadPacket): string {
  const pattern: unknown = packet.pattern;
  if (typeof pattern !== 'string') {
    throw new Error('the in-process transport supports string patterns (NATS subjects) only');
  }
  return pattern;
}

/** Payload and headers of a packet whose data may be a NatsRecord (as RpcClient sends). */
function splitRecord(packet: ReadPacket): { data: unknown; headers: MsgHdrs | undefined } {
  const data: unknown = packet.data;
  if (data instanceof NatsRecord) {
    const payload: unknown = data.data;
    const headers: unknown = data.headers;
    return { data: payload, headers: headers instanceof MsgHdrsImpl ? headers : undefined };
  }
  return { data, headers: undefined };
}
