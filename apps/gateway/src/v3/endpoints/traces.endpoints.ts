import { Subjects, type TracesReq } from '@app/contracts';
import { z } from 'zod';
import { expandSupportedActionTypes } from '../action-types';
import { DEFAULT_LIMIT, type V3Endpoint, type V3Settings } from '../v3-endpoint';
import { limitRequestParams, resultOf, timeRangeParams, V3Param } from '../v3-schemas';
import { invalid, type V3Params } from '../v3-params';

const ACTION_TYPE = /^[A-Za-z0-9_.]+$/;

/** Action type names from `name`, each checked against toncenter's pattern (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
function actionTypes(p: V3Params, name: string): string[] | undefined {
  const list = p.strings(name);
  if (list?.some((t) => !ACTION_TYPE.test(t))) {
    throw invalid(name, `${name} contains invalid characters`);
  }
  return list;
}

/** `supported_action_types`, replaced by the X-Actions-Version header when sent (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
function supported(p: V3Params, s: V3Settings): string[] {
  const fromQuery = actionTypes(p, 'supported_action_types');
  return expandSupportedActionTypes(
    s.actionsVersion === undefined ? fromQuery : [s.actionsVersion],
  );
}

/** The traces request of `p`, checked (also read by the deprecated `events` alias, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export function tracesRequest(p: V3Params, s: V3Settings): TracesReq {
  const req = {
    account: p.address('account'),
    trace_id: p.hashes('trace_id'),
    tx_hash: p.hashes('tx_hash'),
    msg_hash: p.hashes('msg_hash'),
    mc_seqno: p.int32('mc_seqno'),
    start_utime: p.utime('start_utime'),
    end_utime: p.utime('end_utime'),
    start_lt: p.uint64('start_lt'),
    end_lt: p.uint64('end_lt'),
    include_actions: p.bool('include_actions') ?? false,
    supported_action_types: supported(p, s),
    ...p.paging(DEFAULT_LIMIT),
    sort: p.sort('desc'),
    no_address_book: s.noAddressBook,
  };
  p.rejectUnknown();
  const selectors = [req.account, req.trace_id, req.tx_hash, req.msg_hash];
  if (selectors.filter((v) => v !== undefined).length > 1) {
    throw invalid(
      'account',
      'only one of account, trace_id, tx_hash, msg_hash should be specified',
    );
  }
  return req;
}

/** traces, actions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and balanceChanges (toncenter's undocumented route). */
export const TRACE_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'balanceChanges',
    query: z.object({
      trace_id: V3Param.hash('Trace id').optional(),
      action_id: V3Param.hash('Action id: the changes of that action alone').optional(),
    }),
    result: resultOf(Subjects.query.balanceChanges),
    run: (p, _s, backend) => {
      const req = { trace_id: p.hash('trace_id'), action_id: p.hash('action_id') };
      p.rejectUnknown();
      if (req.trace_id === undefined && req.action_id === undefined) {
        // toncenter's text (with a 400 there).
        throw invalid('trace_id', 'trace_id or action_id is required');
      }
      return backend.forward(Subjects.query.balanceChanges, req);
    },
  },
  {
    name: 'traces',
    query: z.object({
      account: V3Param.address('Account').optional(),
      trace_id: V3Param.hashes('Trace ids').optional(),
      tx_hash: V3Param.hashes('Transaction hashes').optional(),
      msg_hash: V3Param.hashes('Message hashes').optional(),
      mc_seqno: V3Param.int32('Masterchain block seqno').optional(),
      ...timeRangeParams,
      include_actions: V3Param.bool('Include the actions of each trace').optional(),
      supported_action_types: V3Param.strings('Action types the client understands').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.traces),
    run: (p, s, backend) => backend.forward(Subjects.query.traces, tracesRequest(p, s)),
  },
  {
    name: 'actions',
    query: z.object({
      account: V3Param.address('Account').optional(),
      tx_hash: V3Param.hashes('Transaction hashes').optional(),
      msg_hash: V3Param.hashes('Message hashes').optional(),
      action_id: V3Param.hashes('Action ids').optional(),
      trace_id: V3Param.hashes('Trace ids').optional(),
      mc_seqno: V3Param.int32('Masterchain block seqno').optional(),
      ...timeRangeParams,
      action_type: V3Param.strings('Only these action types').optional(),
      exclude_action_type: V3Param.strings('Leave out these action types').optional(),
      supported_action_types: V3Param.strings('Action types the client understands').optional(),
      include_accounts: V3Param.bool('Include the accounts of each action').optional(),
      include_transactions: V3Param.bool('Include the transactions of each action').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.actions),
    run: (p, s, backend) => {
      const req = {
        account: p.address('account'),
        tx_hash: p.hashes('tx_hash'),
        msg_hash: p.hashes('msg_hash'),
        action_id: p.hashes('action_id'),
        trace_id: p.hashes('trace_id'),
        mc_seqno: p.int32('mc_seqno'),
        start_utime: p.utime('start_utime'),
        end_utime: p.utime('end_utime'),
        start_lt: p.uint64('start_lt'),
        end_lt: p.uint64('end_lt'),
        action_type: actionTypes(p, 'action_type'),
        exclude_action_type: actionTypes(p, 'exclude_action_type'),
        supported_action_types: supported(p, s),
        include_accounts: p.bool('include_accounts') ?? false,
        include_transactions: p.bool('include_transactions') ?? false,
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      return backend.forward(Subjects.query.actions, req);
    },
  },
];
