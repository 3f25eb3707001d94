import { Subjects } from '@app/contracts';
import { expandSupportedActionTypes } from '../action-types';
import { DEFAULT_LIMIT, type V3Endpoint, type V3Settings } from '../v3-endpoint';
import { invalid, type V3Params } from '../v3-params';

const ACTION_TYPE = /^[A-Za-z0-9_.]+$/;

/** Action type names from `name`, each checked against toncenter's pattern (§3.2). */
function actionTypes(p: V3Params, name: string): string[] | undefined {
  const list = p.strings(name);
  if (list?.some((t) => !ACTION_TYPE.test(t))) {
    throw invalid(name, `${name} contains invalid characters`);
  }
  return list;
}

/** `supported_action_types`, replaced by the X-Actions-Version header when sent (§2.5). */
function supported(p: V3Params, s: V3Settings): string[] {
  const fromQuery = actionTypes(p, 'supported_action_types');
  return expandSupportedActionTypes(
    s.actionsVersion === undefined ? fromQuery : [s.actionsVersion],
  );
}

/** traces and actions (§5.1, §5.2). */
export const TRACE_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'traces',
    run: (p, s, backend) => {
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
      return backend.request(Subjects.query.traces, req);
    },
  },
  {
    name: 'actions',
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
      return backend.request(Subjects.query.actions, req);
    },
  },
];
