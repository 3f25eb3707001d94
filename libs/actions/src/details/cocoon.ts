/**
 * Cocoon details (ton-index-go `index/parse/actions.go`, the cocoon_* cases of `ParseRawAction`, and
 * the json tags of the `ActionDetailsCocoon*` structs in `index/models/actions.go`): each type's
 * fields of its `<type>_data` composite first, then the generic columns it names, in struct order.
 */
import { bool, field, num, str } from './shared';
import type { ActionDataColumn, ActionValue, ApiJson, Renderer } from './types';

type Convert = (v: ActionValue) => ApiJson;
type Party = 'source' | 'destination' | 'amount';

const WITH_AMOUNT: readonly Party[] = ['source', 'destination', 'amount'];
const PARTIES: readonly Party[] = ['source', 'destination'];

/** The composite's fields by `own` (key order kept), then the `tail` columns (amount as a string). */
function cocoon(
  column: ActionDataColumn,
  own: Record<string, Convert>,
  tail: readonly Party[],
): Renderer {
  return (a) => {
    const d = a[column];
    const out: Record<string, ApiJson> = {};
    for (const [key, convert] of Object.entries(own)) {
      out[key] = convert(field(d, key));
    }
    for (const p of tail) {
      out[p] = p === 'amount' ? str(a.amount) : a[p];
    }
    return out;
  };
}

const charged = { query_id: str, new_tokens_used: str, expected_address: str };

export const COCOON_RENDERERS: Record<string, Renderer> = {
  cocoon_worker_payout: cocoon(
    'cocoon_worker_payout_data',
    {
      payout_type: str,
      query_id: str,
      new_tokens: str,
      worker_state: num,
      worker_tokens: str,
    },
    WITH_AMOUNT,
  ),
  cocoon_proxy_payout: cocoon('cocoon_proxy_payout_data', { query_id: str }, PARTIES),
  cocoon_proxy_charge: cocoon('cocoon_proxy_charge_data', charged, PARTIES),
  cocoon_client_top_up: cocoon('cocoon_client_top_up_data', { query_id: str }, WITH_AMOUNT),
  cocoon_register_proxy: cocoon('cocoon_register_proxy_data', { query_id: str }, ['destination']),
  cocoon_unregister_proxy: cocoon('cocoon_unregister_proxy_data', { query_id: str, seqno: num }, [
    'destination',
  ]),
  cocoon_client_register: cocoon(
    'cocoon_client_register_data',
    { query_id: str, nonce: str },
    PARTIES,
  ),
  cocoon_client_change_secret_hash: cocoon(
    'cocoon_client_change_secret_hash_data',
    { query_id: str, new_secret_hash: str },
    PARTIES,
  ),
  cocoon_client_request_refund: cocoon(
    'cocoon_client_request_refund_data',
    { query_id: str, via_wallet: bool },
    PARTIES,
  ),
  cocoon_grant_refund: cocoon('cocoon_grant_refund_data', charged, WITH_AMOUNT),
  cocoon_client_increase_stake: cocoon(
    'cocoon_client_increase_stake_data',
    { query_id: str, new_stake: str },
    WITH_AMOUNT,
  ),
  cocoon_client_withdraw: cocoon(
    'cocoon_client_withdraw_data',
    { query_id: str, withdraw_amount: str },
    WITH_AMOUNT,
  ),
};
