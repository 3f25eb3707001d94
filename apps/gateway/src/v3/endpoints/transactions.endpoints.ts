import { Subjects } from '@app/contracts';
import { defineV3Endpoint, type V3Endpoint } from '../v3-endpoint';
import { PAGING_FIELDS, TIME_RANGE_FIELDS, timeRangeOf, V3Fields } from '../v3-fields';
import { invalid } from '../v3-params';
import { resultOf } from '../v3-schemas';

/** Parsed as toncenter parses them (a bad value is a 422) and applied by neither. */
const IGNORED = 'Accepted and ignored, as toncenter does';

/**
 * transactions, transactionsByMasterchainBlock, transactionsByMessage, adjacentTransactions, messages
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */
export const TRANSACTION_ENDPOINTS: readonly V3Endpoint[] = [
  defineV3Endpoint({
    name: 'transactions',
    fields: {
      workchain: V3Fields.int32('Workchain id', 0),
      shard: V3Fields.shard(),
      seqno: V3Fields.int32('Block seqno'),
      // root_hash, file_hash, exclude_account: toncenter filters by none of them (exclude_account
      // is a TODO in its code).
      root_hash: V3Fields.hash(IGNORED),
      file_hash: V3Fields.hash(IGNORED),
      mc_seqno: V3Fields.int32('Masterchain block seqno'),
      account: V3Fields.addresses('Accounts'),
      exclude_account: V3Fields.addresses(IGNORED),
      hash: V3Fields.hashes('Transaction hashes'),
      lt: V3Fields.lt('Transaction logical time'),
      ...TIME_RANGE_FIELDS,
      ...PAGING_FIELDS,
      sort: V3Fields.sort('desc'),
    },
    result: resultOf(Subjects.query.transactions),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.transactions, {
        workchain: q.workchain,
        shard: q.shard,
        seqno: q.seqno,
        mc_seqno: q.mc_seqno,
        account: q.account,
        hash: q.hash,
        lt: q.lt,
        ...timeRangeOf(q),
        limit: q.limit,
        offset: q.offset,
        sort: q.sort,
        no_address_book: s.noAddressBook,
      }),
  }),
  defineV3Endpoint({
    name: 'transactionsByMasterchainBlock',
    fields: {
      // toncenter reads a missing seqno as 0 (masterchain block 0 is not indexed: a 404).
      seqno: V3Fields.int32Or(0, 'Masterchain block seqno', 1),
      ...PAGING_FIELDS,
      sort: V3Fields.sort('desc'),
    },
    result: resultOf(Subjects.query.transactions),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.transactions, {
        mc_seqno: q.seqno,
        limit: q.limit,
        offset: q.offset,
        sort: q.sort,
        no_address_book: s.noAddressBook,
      }),
  }),
  defineV3Endpoint({
    name: 'transactionsByMessage',
    fields: {
      msg_hash: V3Fields.hashes('Message hashes'),
      body_hash: V3Fields.hash('Message body hash'),
      opcode: V3Fields.opcode(),
      direction: V3Fields.direction(),
      source: V3Fields.addressOrNull('Message source address, or null for external inbound'),
      destination: V3Fields.addressOrNull(
        'Message destination address, or null for external outbound',
      ),
      exclude_externals: V3Fields.bool('Leave out external inbound messages'),
      only_externals: V3Fields.bool('External inbound messages only'),
      ...PAGING_FIELDS,
      sort: V3Fields.sort('desc'),
    },
    result: resultOf(Subjects.query.transactionsByMessage),
    run: (q, s, backend) => {
      if (q.msg_hash === undefined && q.body_hash === undefined && q.opcode === undefined) {
        throw invalid(
          'msg_hash',
          'at least one of msg_hash, body_hash, opcode should be specified',
        );
      }
      return backend.forward(Subjects.query.transactionsByMessage, {
        ...q,
        no_address_book: s.noAddressBook,
      });
    },
  }),
  defineV3Endpoint({
    name: 'adjacentTransactions',
    fields: {
      hash: V3Fields.requiredHash('Transaction hash', 'hash is required'),
      direction: V3Fields.direction(),
    },
    result: resultOf(Subjects.query.adjacentTransactions),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.adjacentTransactions, {
        ...q,
        no_address_book: s.noAddressBook,
      }),
  }),
  defineV3Endpoint({
    name: 'messages',
    fields: {
      msg_hash: V3Fields.hashes('Message hashes'),
      // The legacy single-value alias of msg_hash.
      hash: V3Fields.hash('Message hash (legacy single-value alias of msg_hash)'),
      body_hash: V3Fields.hash('Message body hash'),
      source: V3Fields.addressOrNull('Source address, or null for external inbound'),
      destination: V3Fields.addressOrNull('Destination address, or null for external outbound'),
      opcode: V3Fields.opcode(),
      ...TIME_RANGE_FIELDS,
      direction: V3Fields.direction(),
      exclude_externals: V3Fields.bool('Leave out external messages'),
      only_externals: V3Fields.bool('External messages only'),
      ...PAGING_FIELDS,
      sort: V3Fields.sort('desc'),
    },
    result: resultOf(Subjects.query.messages),
    run: (q, s, backend) => {
      const { hash, ...rest } = q;
      return backend.forward(Subjects.query.messages, {
        ...rest,
        msg_hash: q.msg_hash ?? (hash === undefined ? undefined : [hash]),
        no_address_book: s.noAddressBook,
      });
    },
  }),
];
