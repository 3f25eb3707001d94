import { z } from 'zod';

import { Int, UDecStr } from './query-wire';

/**
 * What the v3 listing requests share besides their own filters: sort, paging, time window and the
 * settings that leave out enrichment (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
 */

/** The sort direction of the endpoints that have one (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/** limit 1..1000 and offset ≥ 0 (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go), resolved by the gateway (default per endpoint). */
export const Paging = {
  limit: z.number().int().min(1).max(1000),
  offset: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
};

/** What every endpoint with an address book may be asked to leave out (`X-No-Address-Book`). */
export const EnrichmentSettings = {
  no_address_book: z.boolean().optional(),
};

/**
 * What every endpoint that builds `metadata` may be asked to leave out (`X-No-Metadata`): the field
 * stays, as `{}` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
 * Endpoints whose `metadata` is always `{}` (traces, actions, messages) do not
 * take it.
 */
export const MetadataSettings = {
  no_metadata: z.boolean().optional(),
};

/** The time and logical-time window of the listing endpoints that take one (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const TimeRange = {
  start_utime: Int.optional(),
  end_utime: Int.optional(),
  start_lt: UDecStr.optional(),
  end_lt: UDecStr.optional(),
};

/** The parameter names of TimeRange, for the filters that take the window as their request names it. */
export type TimeRangeKey = keyof typeof TimeRange;
/** The parameter names of Paging and the sort, for the filters that page as their request names it. */
export type PageKey = keyof typeof Paging | 'sort';

/** A message opcode filter: the signed int32 the table stores. */
export const OpcodeFilter = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);
