import {
  AddressBook,
  Metadata,
  PendingActionsRes,
  PendingTracesRes,
  PendingTransactionsRes,
  Subjects,
} from '@app/contracts';
import { z } from 'zod';
import { expandSupportedActionTypes } from '../action-types';
import { type V3Backend, type V3Endpoint, type V3Settings } from '../v3-endpoint';
import { invalid, type V3Params } from '../v3-params';
import { V3Param } from '../v3-schemas';

const ACTION_TYPE = /^[A-Za-z0-9_.]+$/;
const RAW_ADDRESS = /^-?\d{1,10}:[0-9A-F]{64}$/;

/** `supported_action_types` (pattern-checked, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go), replaced by X-Actions-Version. */
function supported(p: V3Params, s: V3Settings): string[] {
  const list = p.strings('supported_action_types');
  if (list?.some((t) => !ACTION_TYPE.test(t))) {
    throw invalid('supported_action_types', 'supported_action_types contains invalid characters');
  }
  return expandSupportedActionTypes(s.actionsVersion === undefined ? list : [s.actionsVersion]);
}

/** Every raw address in an answer (accounts, message ends, action details). */
function addressesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (RAW_ADDRESS.test(value)) {
      found.add(value);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) {
      addressesIn(v, found);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) {
      addressesIn(v, found);
    }
  }
  return found;
}

/**
 * address_book and metadata of a pending answer, read by the query service like an indexed answer's
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): the sender
 * keeps emulated traces, PostgreSQL knows the accounts. Each is `{}`, not asked
 * for, when the client skips it (X-No-Address-Book, X-No-Metadata,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go) or the answer (like
 * pendingTransactions') has no `metadata`.
 */
async function enrichment(
  answer: unknown,
  s: V3Settings,
  backend: V3Backend,
  withMetadata = true,
): Promise<{ address_book: AddressBook; metadata: Metadata }> {
  const addresses = [...addressesIn(answer)];
  const none = addresses.length === 0;
  const [book, metadata] = await Promise.all([
    s.noAddressBook || none
      ? {}
      : backend.request(Subjects.query.addressBook, {
          entries: addresses.map((raw) => ({ input: raw, raw })),
        }),
    s.noMetadata || !withMetadata || none
      ? {}
      : backend.request(Subjects.query.metadata, { address: addresses }),
  ]);
  return { address_book: book, metadata };
}

/** `account` or `ext_msg_hash[]`: one is required (toncenter's 422 wording, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
function selector(p: V3Params): { account?: string; ext_msg_hash?: string[] } {
  const account = p.address('account');
  const hashes = p.hashes('ext_msg_hash');
  if (account === undefined && hashes === undefined) {
    throw invalid('account', 'account or ext_msg_hash should be specified');
  }
  return {
    ...(account === undefined ? {} : { account }),
    ...(hashes === undefined ? {} : { ext_msg_hash: hashes }),
  };
}

/** pendingTraces, pendingActions, pendingTransactions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml), answered by the sender. */
export const PENDING_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'pendingTraces',
    query: z.object({
      account: V3Param.address('Account with a transaction in the trace').optional(),
      ext_msg_hash: V3Param.hashes('External message hashes (raw or normalised)').optional(),
      supported_action_types: V3Param.strings('Action types the client understands').optional(),
    }),
    result: PendingTracesRes.extend({ address_book: AddressBook, metadata: Metadata }),
    run: async (p, s, backend) => {
      const req = { ...selector(p), supported_action_types: supported(p, s) };
      p.rejectUnknown();
      const answer = await backend.request(Subjects.send.pendingTraces, req);
      return { ...answer, ...(await enrichment(answer, s, backend)) };
    },
  },
  {
    name: 'pendingActions',
    query: z.object({
      account: V3Param.address('Account involved in the action').optional(),
      ext_msg_hash: V3Param.hashes('External message hashes (raw or normalised)').optional(),
      supported_action_types: V3Param.strings('Action types the client understands').optional(),
      include_transactions: V3Param.bool('Add the emulated transactions of each action').optional(),
    }),
    result: PendingActionsRes.extend({ address_book: AddressBook, metadata: Metadata }),
    run: async (p, s, backend) => {
      const req = {
        ...selector(p),
        supported_action_types: supported(p, s),
        include_transactions: p.bool('include_transactions') ?? false,
      };
      p.rejectUnknown();
      const answer = await backend.request(Subjects.send.pendingActions, req);
      return { ...answer, ...(await enrichment(answer, s, backend)) };
    },
  },
  {
    name: 'pendingTransactions',
    query: z.object({
      account: V3Param.addresses('Accounts'),
      trace_id: V3Param.hashes('Trace ids').optional(),
    }),
    result: PendingTransactionsRes.extend({ address_book: AddressBook }),
    run: async (p, s, backend) => {
      const account = p.addresses('account');
      const traceId = p.hashes('trace_id');
      p.rejectUnknown();
      if (account === undefined) {
        throw invalid('account', 'at least 1 account address required');
      }
      const answer = await backend.request(Subjects.send.pendingTransactions, {
        account,
        ...(traceId === undefined ? {} : { trace_id: traceId }),
      });
      const { address_book } = await enrichment(answer, s, backend, false);
      return { ...answer, address_book };
    },
  },
];
