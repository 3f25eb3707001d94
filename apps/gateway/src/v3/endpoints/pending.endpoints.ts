import {
  AddressBook,
  Metadata,
  PendingActionsRes,
  PendingTracesRes,
  PendingTransactionsRes,
  Subjects,
} from '@app/contracts';
import { supportedActionTypes } from '../action-types';
import { defineV3Endpoint, type V3Backend, type V3Endpoint, type V3Settings } from '../v3-endpoint';
import { V3Fields } from '../v3-fields';
import { invalid } from '../v3-params';

const RAW_ADDRESS = /^-?\d{1,10}:[0-9A-F]{64}$/;

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
function selector(q: { account: string | undefined; ext_msg_hash: string[] | undefined }): {
  account?: string;
  ext_msg_hash?: string[];
} {
  if (q.account === undefined && q.ext_msg_hash === undefined) {
    throw invalid('account', 'account or ext_msg_hash should be specified');
  }
  return {
    ...(q.account === undefined ? {} : { account: q.account }),
    ...(q.ext_msg_hash === undefined ? {} : { ext_msg_hash: q.ext_msg_hash }),
  };
}

const SUPPORTED_ACTION_TYPES = V3Fields.actionTypes('Action types the client understands');

/** pendingTraces, pendingActions, pendingTransactions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml), answered by the sender. */
export const PENDING_ENDPOINTS: readonly V3Endpoint[] = [
  defineV3Endpoint({
    name: 'pendingTraces',
    fields: {
      account: V3Fields.address('Account with a transaction in the trace'),
      ext_msg_hash: V3Fields.hashes('External message hashes (raw or normalised)'),
      supported_action_types: SUPPORTED_ACTION_TYPES,
    },
    result: PendingTracesRes.extend({ address_book: AddressBook, metadata: Metadata }),
    run: async (q, s, backend) => {
      const req = {
        ...selector(q),
        supported_action_types: supportedActionTypes(q.supported_action_types, s),
      };
      const answer = await backend.request(Subjects.send.pendingTraces, req);
      return { ...answer, ...(await enrichment(answer, s, backend)) };
    },
  }),
  defineV3Endpoint({
    name: 'pendingActions',
    fields: {
      account: V3Fields.address('Account involved in the action'),
      ext_msg_hash: V3Fields.hashes('External message hashes (raw or normalised)'),
      supported_action_types: SUPPORTED_ACTION_TYPES,
      include_transactions: V3Fields.flag(false, 'Add the emulated transactions of each action'),
    },
    result: PendingActionsRes.extend({ address_book: AddressBook, metadata: Metadata }),
    run: async (q, s, backend) => {
      const req = {
        ...selector(q),
        supported_action_types: supportedActionTypes(q.supported_action_types, s),
        include_transactions: q.include_transactions,
      };
      const answer = await backend.request(Subjects.send.pendingActions, req);
      return { ...answer, ...(await enrichment(answer, s, backend)) };
    },
  }),
  defineV3Endpoint({
    name: 'pendingTransactions',
    fields: {
      account: V3Fields.requiredAddresses('Accounts', 'at least 1 account address required'),
      trace_id: V3Fields.hashes('Trace ids'),
    },
    result: PendingTransactionsRes.extend({ address_book: AddressBook }),
    run: async (q, s, backend) => {
      const answer = await backend.request(Subjects.send.pendingTransactions, {
        account: q.account,
        ...(q.trace_id === undefined ? {} : { trace_id: q.trace_id }),
      });
      const { address_book } = await enrichment(answer, s, backend, false);
      return { ...answer, address_book };
    },
  }),
];
