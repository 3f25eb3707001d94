import { Observable, type OperatorFunction } from 'rxjs';

import { replyJson } from '../server/serialized-reply';

/**
 * Replies larger than one NATS message (the server's max_payload, 1 MiB by default) are sent as a
 * sequence of chunk envelopes on the same reply inbox; NATS keeps one publisher's messages in order.
 * A v3 traces page with its actions can weigh several MiB, and without this it never arrived (the
 * caller saw a 504 at its deadline).
 */
export const REPLY_CHUNK_KEY = '__tonReplyChunk';

/**
 * Bytes of JSON text per chunk. Embedded as a JSON string, the text at most doubles (every `"` and
 * `\` is escaped), so a chunk stays under 1 MiB with room for the packet's own fields and headers.
 */
export const DEFAULT_REPLY_CHUNK_BYTES = 384 * 1024;

export interface ReplyChunk {
  [REPLY_CHUNK_KEY]: { index: number; count: number; text: string };
}

export function isReplyChunk(value: unknown): value is ReplyChunk {
  return typeof value === 'object' && value !== null && REPLY_CHUNK_KEY in value;
}

/** The byte offsets where UTF-8 `bytes` can be cut into pieces of at most `max` bytes. */
function cutPoints(bytes: Buffer, max: number): number[] {
  if (max < 4) {
    throw new RangeError(`a chunk must hold any UTF-8 character (4 bytes), not ${String(max)}`);
  }
  const cuts = [0];
  let at = 0;
  while (bytes.length - at > max) {
    let cut = at + max;
    // Never inside a character: continuation bytes are 0b10xxxxxx.
    while (((bytes[cut] ?? 0) & 0xc0) === 0x80) {
      cut -= 1;
    }
    cuts.push(cut);
    at = cut;
  }
  cuts.push(bytes.length);
  return cuts;
}

/** A reply serialised once: its JSON text when it fits one message, else its chunk envelopes. */
export type PreparedReply = { json: string } | { chunks: ReplyChunk[] };

/**
 * The reply's JSON text when it is at most `maxBytes`, else its chunk envelopes; undefined for an
 * undefined reply. Serialising here once lets the publisher send the text as it is (a hot account's
 * page is 300 KB of JSON: one JSON.stringify fewer per request).
 */
export function prepareReply(response: unknown, maxBytes: number): PreparedReply | undefined {
  const text = replyJson(response);
  if (text === undefined) {
    return undefined;
  }
  if (Buffer.byteLength(text) <= maxBytes) {
    return { json: text };
  }
  const bytes = Buffer.from(text);
  const cuts = cutPoints(bytes, maxBytes);
  const count = cuts.length - 1;
  return {
    chunks: Array.from({ length: count }, (_, index) => ({
      [REPLY_CHUNK_KEY]: {
        index,
        count,
        text: bytes.subarray(cuts[index], cuts[index + 1]).toString('utf8'),
      },
    })),
  };
}

/**
 * The reply as chunk envelopes when its JSON text exceeds `maxBytes`, else undefined (sent as it is).
 */
export function splitReply(response: unknown, maxBytes: number): ReplyChunk[] | undefined {
  const prepared = prepareReply(response, maxBytes);
  return prepared !== undefined && 'chunks' in prepared ? prepared.chunks : undefined;
}

/**
 * Joins chunk envelopes back into the reply they carry; other values pass through. A sequence that
 * arrives out of order or ends early is an error, never a partial reply.
 */
export function joinReplyChunks(): OperatorFunction<unknown, unknown> {
  return (source) =>
    new Observable((subscriber) => {
      let parts: string[] = [];
      return source.subscribe({
        next(value) {
          if (!isReplyChunk(value)) {
            subscriber.next(value);
            return;
          }
          const { index, count, text } = value[REPLY_CHUNK_KEY];
          if (index !== parts.length) {
            subscriber.error(
              new Error(`reply chunk ${String(index)} arrived after ${String(parts.length)}`),
            );
            return;
          }
          parts.push(text);
          if (parts.length === count) {
            const whole = parts.join('');
            parts = [];
            subscriber.next(JSON.parse(whole));
          }
        },
        error(err: unknown) {
          subscriber.error(err);
        },
        complete() {
          if (parts.length > 0) {
            subscriber.error(new Error(`reply ended after ${String(parts.length)} chunks`));
            return;
          }
          subscriber.complete();
        },
      });
    });
}
