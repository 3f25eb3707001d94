/**
 * The few TL objects ADNL over TCP carries around lite_api payloads (tl/generate/scheme/ton_api.tl,
 * lite_api.tl). Constructor ids are little-endian int32 on the wire.
 */

/** tcp.ping random_id:long = tcp.Pong */
export const TCP_PING = 0x4d082b9a;
/** tcp.pong random_id:long = tcp.Pong */
export const TCP_PONG = 0xdc69fb03;
/** adnl.message.query query_id:int256 query:bytes = adnl.Message */
export const ADNL_MESSAGE_QUERY = 0xb48bf97a;
/** adnl.message.answer query_id:int256 answer:bytes = adnl.Message */
export const ADNL_MESSAGE_ANSWER = 0x0fac8416;

export type AdnlInbound =
  | { readonly kind: 'ping'; readonly randomId: Buffer }
  | { readonly kind: 'query'; readonly queryId: Buffer; readonly query: Buffer }
  | { readonly kind: 'empty' };

/** Parses one decrypted ADNL payload; throws on anything this server does not speak. */
export function parseInbound(payload: Buffer): AdnlInbound {
  if (payload.length === 0) {
    return { kind: 'empty' };
  }
  if (payload.length < 4) {
    throw new Error('payload shorter than a constructor id');
  }
  const ctor = payload.readUInt32LE(0);
  if (ctor === TCP_PING) {
    if (payload.length !== 12) {
      throw new Error('tcp.ping must be 12 bytes');
    }
    return { kind: 'ping', randomId: Buffer.from(payload.subarray(4, 12)) };
  }
  if (ctor === ADNL_MESSAGE_QUERY) {
    if (payload.length < 36) {
      throw new Error('adnl.message.query too short');
    }
    const queryId = Buffer.from(payload.subarray(4, 36));
    const { value, end } = readTlBytes(payload, 36);
    if (end !== payload.length) {
      throw new Error('trailing bytes after adnl.message.query');
    }
    return { kind: 'query', queryId, query: value };
  }
  throw new Error(`unknown ADNL constructor 0x${ctor.toString(16)}`);
}

export function encodePong(randomId: Buffer): Buffer {
  const out = Buffer.alloc(12);
  out.writeUInt32LE(TCP_PONG, 0);
  randomId.copy(out, 4);
  return out;
}

export function encodeAnswer(queryId: Buffer, answer: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(ADNL_MESSAGE_ANSWER, 0);
  return Buffer.concat([head, queryId, tlBytes(answer)]);
}

/** TL `bytes`: a 1-byte length (< 254) or 0xfe + 3-byte LE length, the data, zero padding to 4 bytes. */
export function tlBytes(data: Buffer): Buffer {
  const head =
    data.length < 254
      ? Buffer.from([data.length])
      : Buffer.from([
          254,
          data.length & 0xff,
          (data.length >> 8) & 0xff,
          (data.length >> 16) & 0xff,
        ]);
  const pad = (4 - ((head.length + data.length) % 4)) % 4;
  return Buffer.concat([head, data, Buffer.alloc(pad)]);
}

function readTlBytes(buf: Buffer, offset: number): { value: Buffer; end: number } {
  const first = buf[offset];
  if (first === undefined) {
    throw new Error('missing TL bytes');
  }
  let length = first;
  let headLength = 1;
  if (first === 254) {
    if (offset + 4 > buf.length) {
      throw new Error('truncated TL bytes length');
    }
    length = buf.readUIntLE(offset + 1, 3);
    headLength = 4;
  } else if (first === 255) {
    throw new Error('TL bytes length prefix 255 is invalid');
  }
  const start = offset + headLength;
  const end = start + length;
  const padded = end + ((4 - ((headLength + length) % 4)) % 4);
  if (padded > buf.length) {
    throw new Error('truncated TL bytes');
  }
  return { value: Buffer.from(buf.subarray(start, end)), end: padded };
}
