/** Elector and wallet v4 plugin (subscription) reads, as toncenter reads them. */
import type { Slice } from '@ton/core';
import { loadLeadingFields, WALLET_PLUGIN } from '@app/ton';

/** The elector (-1:3333…3333). */
export const ELECTOR_ADDRESS = `-1:${'3'.repeat(64)}`;

/**
 * `WALLET_PLUGIN.payment_request` read as toncenter reads it (query_id and grams only): a body that
 * ends before the ExtraCurrencyCollection the layout declares still names its amount.
 */
export function parseSubscriptionPaymentRequest(s: Slice): { query_id: bigint; grams: bigint } {
  const { query_id, grams } = loadLeadingFields(WALLET_PLUGIN.payment_request, s, [
    'query_id',
    'grams',
  ]);
  return { query_id, grams };
}
