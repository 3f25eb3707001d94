export const STREAM_PUBLISHER_OPTIONS = Symbol('STREAM_PUBLISHER_OPTIONS');

/** How the query app runs the Streaming API publisher (QueryModule.forRoot). */
export interface StreamPublisherModuleOptions {
  /** NATS: `txs.decoded` events wake the publisher; without it only the poll does. */
  readonly natsUrl?: string | undefined;
  /** Off in processes that must not publish (tests that drive a publisher themselves). */
  readonly enabled?: boolean;
}
