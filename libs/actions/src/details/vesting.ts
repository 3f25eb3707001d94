/** Vesting wallet send-message and whitelist details (ton-index-go `ParseRawAction`). */
import { field, str } from './shared';
import type { Renderer } from './types';

export const VESTING_RENDERERS: Record<string, Renderer> = {
  vesting_send_message: (a) => ({
    query_id: str(field(a.vesting_send_message_data, 'query_id')),
    message_boc: str(field(a.vesting_send_message_data, 'message_boc')),
    source: a.source,
    vesting: a.destination,
    destination: a.destination_secondary,
    amount: str(a.amount),
  }),
  vesting_add_whitelist: (a) => {
    const added = field(a.vesting_add_whitelist_data, 'accounts_added');
    return {
      query_id: str(field(a.vesting_add_whitelist_data, 'query_id')),
      accounts_added: Array.isArray(added) ? added.map((x) => str(x)) : [],
      source: a.source,
      vesting: a.destination,
    };
  },
};
