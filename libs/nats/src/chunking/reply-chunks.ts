import { Observable, type OperatorFunction } from 'rxjs';

/**
 * A successful reply crosses NATS as its JSON text, raw, in one or more messages on the reply inbox
 * (NATS keeps one publisher's messages in order), each marked by these headers. Nest's own envelope
 * (`{"id", "response", "isDisposed"}`) is kept for errors only.
 *
 * Why raw: a v3 traces page with its actions is about 1 MB of JSON. Inside Nest's envelope a reply
 * larger than one message had to travel as JSON text embedded in a JSON string, escaped by the query
 * service and unescaped by the gateway; and the gateway could only re-serialise the object it parsed.
 * Raw, the gateway reads the exact bytes the query service wrote and can forward them once checked.
 */
export const REPLY_PART_HEADER = 'Ton-Reply-Part';
/** The request id the part answers (Nest's packet id), so a late part of another request is dropped. */
export const REPLY_ID_HEADER = 'Ton-Reply-Id';
/** On the last part when the server disposes the reply stream (Nest's `isDisposed`). */
export const REPLY_DISPOSED_HEADER = 'Ton-Reply-Disposed';

/**
 * Bytes of JSON per message: well under NATS's default max_payload of 1 MiB (docs/architecture.md), headers included.
 */
export const DEFAULT_REPLY_CHUNK_BYTES = 512 * 1024;

/** One message of a reply: its place (`index` of `count`) and its bytes of the JSON text. */
export class ReplyPart {
  constructor(
    readonly index: number,
    readonly count: number,
    readonly bytes: Uint8Array,
  ) {}
}

/**
 * A whole reply as the server wrote it: JSON text, not yet parsed, kept as the UTF-8 bytes it
 * crossed NATS in until someone reads it as text (the gateway forwards the bytes as they came: a
 * 1.1 MB traces page cost ~0.6 ms to decode and more to encode again for the HTTP response).
 */
export class ReplyText {
  private text: string | undefined;
  private readonly bytes: Uint8Array | undefined;

  constructor(source: string | Uint8Array) {
    if (typeof source === 'string') {
      this.text = source;
    } else {
      this.bytes = source;
    }
  }

  /** The JSON text (decoded once). */
  get json(): string {
    if (this.text === undefined) {
      const bytes = this.bytes ?? new Uint8Array();
      this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    }
    return this.text;
  }

  /** The reply as it came: its UTF-8 bytes, or its text from the in-process transport. */
  get body(): string | Uint8Array {
    return this.bytes ?? this.json;
  }
}

/** `index/count` as the part header carries it. */
export function partHeader(index: number, count: number): string {
  return `${String(index)}/${String(count)}`;
}

/** The header's `index/count`, or undefined when it is not one (0 ≤ index < count). */
export function parsePartHeader(value: string): { index: number; count: number } | undefined {
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(value);
  if (match === null) {
    return undefined;
  }
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index < count ? { index, count } : undefined;
}

/** The byte offsets where UTF-8 `bytes` can be cut into pieces of at most `max` bytes. */
function cutPoints(bytes: Uint8Array, max: number): number[] {
  if (max < 4) {
    throw new RangeError(`a chunk must hold any UTF-8 character (4 bytes), not ${String(max)}`);
  }
  const cuts = [0];
  let at = 0;
  while (bytes.length - at > max) {
    let cut = at + max;
    // Never inside a character: continuation bytes are 0b10xxxxxx. Parts are joined as bytes before
    // decoding, so this only keeps each part valid UTF-8 on its own (readable in `nats sub`).
    while (((bytes[cut] ?? 0) & 0xc0) === 0x80) {
      cut -= 1;
    }
    cuts.push(cut);
    at = cut;
  }
  cuts.push(bytes.length);
  return cuts;
}

/** The reply's JSON text as the byte pieces of its messages, each at most `maxBytes`. */
export function replyParts(json: string, maxBytes: number): Buffer[] {
  const bytes = Buffer.from(json);
  if (bytes.length <= maxBytes) {
    return [bytes];
  }
  const cuts = cutPoints(bytes, maxBytes);
  return cuts.slice(1).map((end, i) => bytes.subarray(cuts[i], end));
}

/**
 * Joins reply parts into the ReplyText they carry; other values (error packets, the in-process
 * transport's parsed replies) pass through. Parts out of order, or a reply ending early, are an
 * error, never a partial reply.
 */
export function joinReplyParts(): OperatorFunction<unknown, unknown> {
  return (source) =>
    new Observable((subscriber) => {
      let parts: Uint8Array[] = [];
      let expected = 0;
      return source.subscribe({
        next(value) {
          if (!(value instanceof ReplyPart)) {
            subscriber.next(value);
            return;
          }
          if (value.index !== parts.length || (parts.length > 0 && value.count !== expected)) {
            subscriber.error(
              new Error(
                `reply part ${partHeader(value.index, value.count)} arrived after ${String(parts.length)}`,
              ),
            );
            return;
          }
          expected = value.count;
          parts.push(value.bytes);
          if (parts.length === expected) {
            const whole =
              parts.length === 1 ? (parts[0] ?? new Uint8Array()) : Buffer.concat(parts);
            parts = [];
            subscriber.next(new ReplyText(whole));
          }
        },
        error(err: unknown) {
          subscriber.error(err);
        },
        complete() {
          if (parts.length > 0) {
            subscriber.error(new Error(`reply ended after ${String(parts.length)} parts`));
            return;
          }
          subscriber.complete();
        },
      });
    });
}
