import { headers as natsHeaders, type MsgHdrs, MsgHdrsImpl } from '@nats-io/transport-node';
import { NatsContext } from '@nestjs/microservices';
import { REQUEST_ID_HEADER } from '@app/observability';

/** NATS headers carrying the request id. */
export function requestHeaders(requestId: string): MsgHdrs {
  const h = natsHeaders();
  h.set(REQUEST_ID_HEADER, requestId);
  return h;
}

/** The request id of incoming NATS headers, if present. */
export function requestIdOf(headers: MsgHdrs | undefined): string | undefined {
  if (headers === undefined) {
    return undefined;
  }
  const value = headers.get(REQUEST_ID_HEADER);
  return value === '' ? undefined : value;
}

/** Header entries as plain data (what the in-process bus carries instead of encoded bytes). */
export type HeaderEntries = [string, string[]][];

export function toHeaderEntries(headers: MsgHdrs | undefined): HeaderEntries | undefined {
  return headers === undefined ? undefined : [...headers].map(([k, v]) => [k, [...v]]);
}

export function fromHeaderEntries(entries: HeaderEntries | undefined): MsgHdrs | undefined {
  if (entries === undefined) {
    return undefined;
  }
  const h = natsHeaders();
  for (const [key, values] of entries) {
    for (const value of values) {
      h.append(key, value);
    }
  }
  return h;
}

/** The headers of an RPC context (NatsContext on NATS and in-process alike), if any. */
export function headersOfContext(ctx: unknown): MsgHdrs | undefined {
  if (!(ctx instanceof NatsContext)) {
    return undefined;
  }
  // NatsContext types its headers as `any`; both transports put a MsgHdrsImpl there.
  const headers: unknown = ctx.getHeaders();
  return headers instanceof MsgHdrsImpl ? headers : undefined;
}

/** The subject of an RPC context, if it is a NatsContext. */
export function subjectOfContext(ctx: unknown): string | undefined {
  return ctx instanceof NatsContext ? ctx.getSubject() : undefined;
}
