/**
 * Cocoon details (ton-index-go `index/parse/actions.go`, the cocoon_* cases of `ParseRawAction`, and
 * the json tags of the `ActionDetailsCocoon*` structs in `index/models/actions.go`): each type's
 * `cocoon_<type>_data` composite first, then the generic columns it names.
 */
import { int64 } from './int64';
import { bool, field, str } from './shared';
import type { Renderer } from './types';

export const COCOON_RENDERERS: Record<string, Renderer> = {
  cocoon_worker_payout: (a) => {
    const d = a.cocoon_worker_payout_data;
    return {
      payout_type: str(field(d, 'payout_type')),
      query_id: str(field(d, 'query_id')),
      new_tokens: str(field(d, 'new_tokens')),
      worker_state: int64(field(d, 'worker_state')),
      worker_tokens: str(field(d, 'worker_tokens')),
      source: a.source,
      destination: a.destination,
      amount: str(a.amount),
    };
  },
  cocoon_proxy_payout: (a) => ({
    query_id: str(field(a.cocoon_proxy_payout_data, 'query_id')),
    source: a.source,
    destination: a.destination,
  }),
  cocoon_proxy_charge: (a) => {
    const d = a.cocoon_proxy_charge_data;
    return {
      query_id: str(field(d, 'query_id')),
      new_tokens_used: str(field(d, 'new_tokens_used')),
      expected_address: str(field(d, 'expected_address')),
      source: a.source,
      destination: a.destination,
    };
  },
  cocoon_client_top_up: (a) => ({
    query_id: str(field(a.cocoon_client_top_up_data, 'query_id')),
    source: a.source,
    destination: a.destination,
    amount: str(a.amount),
  }),
  cocoon_register_proxy: (a) => ({
    query_id: str(field(a.cocoon_register_proxy_data, 'query_id')),
    destination: a.destination,
  }),
  cocoon_unregister_proxy: (a) => ({
    query_id: str(field(a.cocoon_unregister_proxy_data, 'query_id')),
    seqno: int64(field(a.cocoon_unregister_proxy_data, 'seqno')),
    destination: a.destination,
  }),
  cocoon_client_register: (a) => ({
    query_id: str(field(a.cocoon_client_register_data, 'query_id')),
    nonce: str(field(a.cocoon_client_register_data, 'nonce')),
    source: a.source,
    destination: a.destination,
  }),
  cocoon_client_change_secret_hash: (a) => ({
    query_id: str(field(a.cocoon_client_change_secret_hash_data, 'query_id')),
    new_secret_hash: str(field(a.cocoon_client_change_secret_hash_data, 'new_secret_hash')),
    source: a.source,
    destination: a.destination,
  }),
  cocoon_client_request_refund: (a) => ({
    query_id: str(field(a.cocoon_client_request_refund_data, 'query_id')),
    via_wallet: bool(field(a.cocoon_client_request_refund_data, 'via_wallet')),
    source: a.source,
    destination: a.destination,
  }),
  cocoon_grant_refund: (a) => {
    const d = a.cocoon_grant_refund_data;
    return {
      query_id: str(field(d, 'query_id')),
      new_tokens_used: str(field(d, 'new_tokens_used')),
      expected_address: str(field(d, 'expected_address')),
      source: a.source,
      destination: a.destination,
      amount: str(a.amount),
    };
  },
  cocoon_client_increase_stake: (a) => ({
    query_id: str(field(a.cocoon_client_increase_stake_data, 'query_id')),
    new_stake: str(field(a.cocoon_client_increase_stake_data, 'new_stake')),
    source: a.source,
    destination: a.destination,
    amount: str(a.amount),
  }),
  cocoon_client_withdraw: (a) => ({
    query_id: str(field(a.cocoon_client_withdraw_data, 'query_id')),
    withdraw_amount: str(field(a.cocoon_client_withdraw_data, 'withdraw_amount')),
    source: a.source,
    destination: a.destination,
    amount: str(a.amount),
  }),
};
