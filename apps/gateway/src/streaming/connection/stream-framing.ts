/**
 * How a transport puts JSON on the wire. SSE (https://docs.ton.org/api/streaming/overview): `event:
 * connected` for the subscription ack, `event: event` for every notification — here with an `id:`
 * line first, the position a reconnecting client sends back as `Last-Event-ID` (toncenter sends no
 * ids). WebSocket: one JSON object per text frame, the position as an extra `event_id` key.
 */
export interface StreamFraming {
  /** A notification; `eventId` absent for the ones without a position (`replay_truncated`). */
  notification(json: string, eventId: string | undefined): string;
  /** An acknowledgement (`{"status":…}`) or an error reply that keeps the connection open. */
  reply(json: string): string;
  /** The error a connection is closed with (slow consumer, replaced, limits). */
  closing(json: string): string;
  /** Null when the transport has no keepalive of its own (WebSocket uses ping frames). */
  readonly keepalive: string | null;
}

export const SSE_FRAMING: StreamFraming = {
  notification: (json, eventId) =>
    eventId === undefined
      ? `event: event\ndata: ${json}\n\n`
      : `id: ${eventId}\nevent: event\ndata: ${json}\n\n`,
  reply: (json) => `event: connected\ndata: ${json}\n\n`,
  closing: (json) => `event: error\ndata: ${json}\n\n`,
  keepalive: ': keepalive\n\n',
};

export const WS_FRAMING: StreamFraming = {
  notification: (json, eventId) =>
    eventId === undefined ? json : `${json.slice(0, -1)},"event_id":"${eventId}"}`,
  reply: (json) => json,
  closing: (json) => json,
  keepalive: null,
};
