/**
 * What a Streaming API v2 client listens to (toncenter ton-streaming-go v2): event types, addresses,
 * trace hashes, the lowest finality and the enrichments, after validation and normalisation.
 */
export const EVENT_TYPES = [
  'transactions',
  'actions',
  'trace',
  'account_state_change',
  'jettons_change',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Every notification type on the wire: the subscribable ones and the signal `trace_invalidated`. */
export type NotificationType = EventType | 'trace_invalidated';

export const FINALITIES = ['pending', 'confirmed', 'finalized'] as const;
export type Finality = (typeof FINALITIES)[number];

/** pending < confirmed < finalized (toncenter's FinalityState order). */
export function finalityRank(finality: Finality): number {
  return FINALITIES.indexOf(finality);
}

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

export interface Subscription {
  readonly types: ReadonlySet<EventType>;
  /** Raw `wc:UPPERHEX`, deduplicated. */
  readonly addresses: ReadonlySet<string>;
  /** Standard base64 as given (trimmed), matched byte for byte. */
  readonly traceNorms: ReadonlySet<string>;
  readonly minFinality: Finality;
  readonly includeAddressBook: boolean;
  readonly includeMetadata: boolean;
  /** Exact type names; empty = every type. */
  readonly actionTypes: ReadonlySet<string>;
  /** The client's supported action types, shortcuts expanded (`v1` always in). */
  readonly supportedActionTypes: ReadonlySet<string>;
}

/** A WebSocket before its first subscribe: nothing is delivered (toncenter: an empty type set). */
export function emptySubscription(supportedActionTypes: ReadonlySet<string>): Subscription {
  return {
    types: new Set(),
    addresses: new Set(),
    traceNorms: new Set(),
    minFinality: 'finalized',
    includeAddressBook: false,
    includeMetadata: false,
    actionTypes: new Set(),
    supportedActionTypes,
  };
}
