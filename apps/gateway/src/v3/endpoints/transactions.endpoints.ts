import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { DEFAULT_LIMIT, type V3Endpoint } from '../v3-endpoint';
import { limitRequestParams, resultOf, timeRangeParams, V3Param } from '../v3-schemas';
import { invalid } from '../v3-params';

/**
 * transactions, transactionsByMasterchainBlock, transactionsByMessage, adjacentTransactions, messages
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */
export const TRANSACTION_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'transactions',
    query: z.object({
      workchain: V3Param.int32('Workchain id', 0).optional(),
      shard: V3Param.shard().optional(),
      seqno: V3Param.int32('Block seqno').optional(),
      root_hash: V3Param.hash('Accepted and ignored, as toncenter does').optional(),
      file_hash: V3Param.hash('Accepted and ignored, as toncenter does').optional(),
      mc_seqno: V3Param.int32('Masterchain block seqno').optional(),
      account: V3Param.addresses('Accounts').optional(),
      exclude_account: V3Param.addresses('Accepted and ignored, as toncenter does').optional(),
      hash: V3Param.hashes('Transaction hashes').optional(),
      lt: V3Param.lt('Transaction logical time').optional(),
      ...timeRangeParams,
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.transactions),
    run: (p, s, backend) => {
      // exclude_account, root_hash, file_hash: toncenter parses them (a bad value is a 422) and
      // filters by none of them (exclude_account is a TODO in its code); taken the same way.
      p.addresses('exclude_account');
      p.hash('root_hash');
      p.hash('file_hash');
      const req = {
        workchain: p.int32('workchain'),
        shard: p.shard('shard'),
        seqno: p.int32('seqno'),
        mc_seqno: p.int32('mc_seqno'),
        account: p.addresses('account'),
        hash: p.hashes('hash'),
        lt: p.uint64('lt'),
        start_utime: p.utime('start_utime'),
        end_utime: p.utime('end_utime'),
        start_lt: p.uint64('start_lt'),
        end_lt: p.uint64('end_lt'),
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      return backend.forward(Subjects.query.transactions, req);
    },
  },
  {
    name: 'transactionsByMasterchainBlock',
    query: z.object({
      seqno: V3Param.int32('Masterchain block seqno', 1).optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.transactions),
    run: (p, s, backend) => {
      const req = {
        // toncenter reads a missing seqno as 0 (masterchain block 0 is not indexed: a 404).
        mc_seqno: p.int32('seqno') ?? 0,
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      return backend.forward(Subjects.query.transactions, req);
    },
  },
  {
    name: 'transactionsByMessage',
    query: z.object({
      msg_hash: V3Param.hashes('Message hashes').optional(),
      body_hash: V3Param.hash('Message body hash').optional(),
      opcode: V3Param.opcode().optional(),
      direction: V3Param.text('in or out').optional(),
      source: V3Param.text('Message source address, or null for external inbound').optional(),
      destination: V3Param.text(
        'Message destination address, or null for external outbound',
      ).optional(),
      exclude_externals: V3Param.bool('Leave out external inbound messages').optional(),
      only_externals: V3Param.bool('External inbound messages only').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.transactionsByMessage),
    run: (p, s, backend) => {
      const req = {
        msg_hash: p.hashes('msg_hash'),
        body_hash: p.hash('body_hash'),
        opcode: p.opcode('opcode'),
        direction: p.direction('direction'),
        source: p.addressOrNull('source'),
        destination: p.addressOrNull('destination'),
        exclude_externals: p.bool('exclude_externals'),
        only_externals: p.bool('only_externals'),
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      if (req.msg_hash === undefined && req.body_hash === undefined && req.opcode === undefined) {
        throw invalid(
          'msg_hash',
          'at least one of msg_hash, body_hash, opcode should be specified',
        );
      }
      return backend.forward(Subjects.query.transactionsByMessage, req);
    },
  },
  {
    name: 'adjacentTransactions',
    query: z.object({
      hash: V3Param.hash('Transaction hash'),
      direction: V3Param.text('in or out').optional(),
    }),
    result: resultOf(Subjects.query.adjacentTransactions),
    run: (p, s, backend) => {
      const hash = p.hash('hash');
      const direction = p.direction('direction');
      p.rejectUnknown();
      if (hash === undefined) {
        throw invalid('hash', 'hash is required');
      }
      return backend.forward(Subjects.query.adjacentTransactions, {
        hash,
        direction,
        no_address_book: s.noAddressBook,
      });
    },
  },
  {
    name: 'messages',
    query: z.object({
      msg_hash: V3Param.hashes('Message hashes').optional(),
      hash: V3Param.hash('Message hash (legacy single-value alias of msg_hash)').optional(),
      body_hash: V3Param.hash('Message body hash').optional(),
      source: V3Param.text('Source address, or null for external inbound').optional(),
      destination: V3Param.text('Destination address, or null for external outbound').optional(),
      opcode: V3Param.opcode().optional(),
      ...timeRangeParams,
      direction: V3Param.text('in or out').optional(),
      exclude_externals: V3Param.bool('Leave out external messages').optional(),
      only_externals: V3Param.bool('External messages only').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.messages),
    run: (p, s, backend) => {
      const msgHash = p.hashes('msg_hash');
      // `hash`: the legacy single-value alias of msg_hash.
      const legacy = p.hash('hash');
      const req = {
        msg_hash: msgHash ?? (legacy === undefined ? undefined : [legacy]),
        body_hash: p.hash('body_hash'),
        source: p.addressOrNull('source'),
        destination: p.addressOrNull('destination'),
        opcode: p.opcode('opcode'),
        start_utime: p.utime('start_utime'),
        end_utime: p.utime('end_utime'),
        start_lt: p.uint64('start_lt'),
        end_lt: p.uint64('end_lt'),
        direction: p.direction('direction'),
        exclude_externals: p.bool('exclude_externals'),
        only_externals: p.bool('only_externals'),
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      return backend.forward(Subjects.query.messages, req);
    },
  },
];
