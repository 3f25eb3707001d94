/** A caller's streaming allowance: its plan's, or the anonymous defaults. */
export interface StreamLimits {
  /** Parallel connections (0: streaming refused). */
  readonly connections: number;
  /** Addresses subscribed over all of the caller's connections together. */
  readonly addresses: number;
}

export interface AddressRefusal {
  readonly kind: 'address-limit';
  /** Addresses the caller's other connections hold. */
  readonly current: number;
  readonly requested: number;
  readonly max: number;
}

export type Admission =
  | { readonly kind: 'admitted' }
  | { readonly kind: 'connection-limit'; readonly max: number }
  | AddressRefusal;

export interface AdmissionRequest {
  readonly identity: string;
  readonly connId: string;
  readonly limits: StreamLimits;
  /** Addresses the new connection subscribes to at once (SSE); 0 for a WebSocket. */
  readonly addresses: number;
  /**
   * A reconnect with a resume position: never refused for the connection count; the caller's
   * oldest connections are evicted instead ("a reconnect is never refused because the
   * old connection has not timed out yet").
   */
  readonly replaceOldest: boolean;
}

/**
 * Counts each caller's streaming connections and subscribed addresses, across replicas when it is
 * shared (Redis), per process otherwise.
 */
export interface ConnectionLimiter {
  admit(request: AdmissionRequest): Promise<Admission>;
  /** A new address count for an admitted connection (WebSocket subscribe / unsubscribe). */
  updateAddresses(
    identity: string,
    connId: string,
    addresses: number,
    limits: StreamLimits,
  ): Promise<{ readonly kind: 'ok' } | AddressRefusal>;
  release(identity: string, connId: string): Promise<void>;
  /** `listener` hears of every connection evicted for a resuming one, on whichever replica. */
  onEvicted(listener: (connId: string) => void): void;
  close(): Promise<void>;
}

let sequence = 0;

/**
 * A connection id that sorts by age across replicas (milliseconds first), so "the oldest
 * connection" is the smallest id.
 */
export function newConnectionId(): string {
  sequence = (sequence + 1) % 1_000_000;
  const random = Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `${String(Date.now()).padStart(14, '0')}-${String(sequence).padStart(6, '0')}-${random}`;
}
