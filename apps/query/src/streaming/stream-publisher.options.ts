export const STREAM_PUBLISHER_OPTIONS = Symbol('STREAM_PUBLISHER_OPTIONS');

/** How the query app runs the Streaming API publisher (QueryModule.forRoot). */
export interface StreamPublisherModuleOptions {
  /** The safety-net poll of the decoder's watermark (default 1 s when woken, else 150 ms). */
  readonly pollMs?: number;
  /** Off in processes that must not publish (tests that drive a publisher themselves). */
  readonly enabled?: boolean;
}
