/**
 * The position of a notification (beyond toncenter, which has no ids): `<seq>:<k>`, the log entry it
 * was derived from and its index among the notifications this client got from that entry. Log
 * sequences are global, so an id means the same on every gateway replica.
 */
export interface EventId {
  readonly seq: number;
  readonly k: number;
}

const EVENT_ID = /^([1-9]\d{0,14}):(\d{1,9})$/;

export function formatEventId(id: EventId): string {
  return `${String(id.seq)}:${String(id.k)}`;
}

/** Parses `<seq>:<k>` (seq ≥ 1); undefined for anything else. */
export function parseEventId(text: string): EventId | undefined {
  const match = EVENT_ID.exec(text.trim());
  if (match === null) {
    return undefined;
  }
  return { seq: Number(match[1]), k: Number(match[2]) };
}

/** Whether the notification at (seq, k) was already seen by a client that saw up to `since`. */
export function isAtOrBefore(seq: number, k: number, since: EventId): boolean {
  return seq < since.seq || (seq === since.seq && k <= since.k);
}
