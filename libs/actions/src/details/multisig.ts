/**
 * Multisig v2 order details (ton-index-go `ParseRawAction`, the multisig_* cases, and the json tags of
 * `ActionDetailsMultisig*` in `index/models/actions.go`): query id and seqno as strings, the index,
 * dates, counts and exit code as numbers.
 */
import { bool, field, num, str } from './shared';
import type { Renderer } from './types';

export const MULTISIG_RENDERERS: Record<string, Renderer> = {
  multisig_create_order: (a) => {
    const d = a.multisig_create_order_data;
    return {
      query_id: str(field(d, 'query_id')),
      order_seqno: str(field(d, 'order_seqno')),
      is_created_by_signer: bool(field(d, 'is_created_by_signer')),
      is_signed_by_creator: bool(field(d, 'is_signed_by_creator')),
      creator_index: num(field(d, 'creator_index')),
      expiration_date: num(field(d, 'expiration_date')),
      order_boc: str(field(d, 'order_boc')),
      source: a.source,
      destination: a.destination,
      destination_order: a.destination_secondary,
    };
  },
  multisig_approve: (a) => ({
    signer_index: num(field(a.multisig_approve_data, 'signer_index')),
    exit_code: num(field(a.multisig_approve_data, 'exit_code')),
    source: a.source,
    destination: a.destination,
  }),
  multisig_execute: (a) => {
    const d = a.multisig_execute_data;
    return {
      query_id: str(field(d, 'query_id')),
      order_seqno: str(field(d, 'order_seqno')),
      expiration_date: num(field(d, 'expiration_date')),
      approvals_num: num(field(d, 'approvals_num')),
      signers_hash: str(field(d, 'signers_hash')),
      order_boc: str(field(d, 'order_boc')),
      source: a.source,
      destination: a.destination,
    };
  },
};
