import { type LiteEngine } from 'ton-lite-client';

/**
 * The options of one lite_api query (`timeout` in ms, `awaitSeqno`), as ton-lite-client's
 * `LiteEngine.query` takes them: every engine here takes and passes on the same.
 */
export type LiteQueryOptions = NonNullable<Parameters<LiteEngine['query']>[2]>;
