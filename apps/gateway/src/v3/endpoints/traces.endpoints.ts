import { Subjects, type TracesReq } from '@app/contracts';
import { supportedActionTypes } from '../action-types';
import { defineV3Endpoint, type V3Endpoint, type V3Settings } from '../v3-endpoint';
import { type V3Values } from '../v3-field';
import { PAGING_FIELDS, TIME_RANGE_FIELDS, V3Fields } from '../v3-fields';
import { invalid } from '../v3-params';
import { resultOf } from '../v3-schemas';

/** The parameters of traces, also those of the deprecated `events` alias (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export const TRACES_FIELDS = {
  account: V3Fields.address('Account'),
  trace_id: V3Fields.hashes('Trace ids'),
  tx_hash: V3Fields.hashes('Transaction hashes'),
  msg_hash: V3Fields.hashes('Message hashes'),
  mc_seqno: V3Fields.int32('Masterchain block seqno'),
  ...TIME_RANGE_FIELDS,
  include_actions: V3Fields.flag(false, 'Include the actions of each trace'),
  supported_action_types: V3Fields.actionTypes('Action types the client understands'),
  ...PAGING_FIELDS,
  sort: V3Fields.sort('desc'),
};

/** The traces request of `q`, checked (also sent by `events`). */
export function tracesRequest(q: V3Values<typeof TRACES_FIELDS>, s: V3Settings): TracesReq {
  const selectors = [q.account, q.trace_id, q.tx_hash, q.msg_hash];
  if (selectors.filter((v) => v !== undefined).length > 1) {
    throw invalid(
      'account',
      'only one of account, trace_id, tx_hash, msg_hash should be specified',
    );
  }
  return {
    ...q,
    supported_action_types: supportedActionTypes(q.supported_action_types, s),
    no_address_book: s.noAddressBook,
  };
}

/** traces, actions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and balanceChanges (toncenter's undocumented route). */
export const TRACE_ENDPOINTS: readonly V3Endpoint[] = [
  defineV3Endpoint({
    name: 'balanceChanges',
    fields: {
      trace_id: V3Fields.hash('Trace id'),
      action_id: V3Fields.hash('Action id: the changes of that action alone'),
    },
    result: resultOf(Subjects.query.balanceChanges),
    run: (q, _s, backend) => {
      if (q.trace_id === undefined && q.action_id === undefined) {
        // toncenter's text (with a 400 there).
        throw invalid('trace_id', 'trace_id or action_id is required');
      }
      return backend.forward(Subjects.query.balanceChanges, q);
    },
  }),
  defineV3Endpoint({
    name: 'traces',
    fields: TRACES_FIELDS,
    result: resultOf(Subjects.query.traces),
    run: (q, s, backend) => backend.forward(Subjects.query.traces, tracesRequest(q, s)),
  }),
  defineV3Endpoint({
    name: 'actions',
    fields: {
      account: V3Fields.address('Account'),
      tx_hash: V3Fields.hashes('Transaction hashes'),
      msg_hash: V3Fields.hashes('Message hashes'),
      action_id: V3Fields.hashes('Action ids'),
      trace_id: V3Fields.hashes('Trace ids'),
      mc_seqno: V3Fields.int32('Masterchain block seqno'),
      ...TIME_RANGE_FIELDS,
      action_type: V3Fields.actionTypes('Only these action types'),
      exclude_action_type: V3Fields.actionTypes('Leave out these action types'),
      supported_action_types: V3Fields.actionTypes('Action types the client understands'),
      include_accounts: V3Fields.flag(false, 'Include the accounts of each action'),
      include_transactions: V3Fields.flag(false, 'Include the transactions of each action'),
      ...PAGING_FIELDS,
      sort: V3Fields.sort('desc'),
    },
    result: resultOf(Subjects.query.actions),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.actions, {
        ...q,
        supported_action_types: supportedActionTypes(q.supported_action_types, s),
        no_address_book: s.noAddressBook,
      }),
  }),
];
