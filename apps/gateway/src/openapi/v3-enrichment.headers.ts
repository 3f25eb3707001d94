import { z } from 'zod';
import { type JsonObject } from './json-schema';

/** How the gateway reads a setting switch (toncenter's rule, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): anything else is false. */
const SWITCH_VALUES = '`1`, `t`, `true`, `TRUE` or `True`';

function switchHeader(name: string, alias: string, description: string): JsonObject {
  return {
    name,
    in: 'header',
    required: false,
    description: `${description} On with ${SWITCH_VALUES}; the query parameter \`${alias}\` does the same when the header is absent.`,
    schema: { type: 'string' },
    example: 'true',
  };
}

const NO_ADDRESS_BOOK_HEADER = switchHeader(
  'X-No-Address-Book',
  'x_no_address_book',
  'Answer `address_book` as `{}` without looking the addresses up.',
);

const NO_METADATA_HEADER = switchHeader(
  'X-No-Metadata',
  'x_no_metadata',
  'Answer `metadata` as `{}` without looking the token contracts up.',
);

/**
 * `X-No-Address-Book` and `X-No-Metadata`
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go) on the operations whose
 * answer has the field they empty: read from the endpoint's own result schema, so the `metadata`
 * endpoint (the metadata itself, not a field) does not take the header.
 */
export function enrichmentHeaders(result: z.ZodType): JsonObject[] {
  const fields = result instanceof z.ZodObject ? Object.keys(result.shape) : [];
  return [
    ...(fields.includes('address_book') ? [NO_ADDRESS_BOOK_HEADER] : []),
    ...(fields.includes('metadata') ? [NO_METADATA_HEADER] : []),
  ];
}
