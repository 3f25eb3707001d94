import { Subjects } from '@app/contracts';
import { DEFAULT_LIMIT, type V3Endpoint } from '../v3-endpoint';
import { invalid } from '../v3-params';

/**
 * transactions, transactionsByMasterchainBlock, transactionsByMessage, adjacentTransactions, messages
 * (§4.5–4.9).
 */
export const TRANSACTION_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'transactions',
    run: (p, s, backend) => {
      // exclude_account: toncenter parses it and ignores it (a TODO in its code); taken the same way.
      p.addresses('exclude_account');
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
      return backend.request(Subjects.query.transactions, req);
    },
  },
  {
    name: 'transactionsByMasterchainBlock',
    run: (p, s, backend) => {
      const seqno = p.int32('seqno');
      if (seqno === undefined) {
        throw invalid('seqno', 'seqno is required');
      }
      const req = {
        mc_seqno: seqno,
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      return backend.request(Subjects.query.transactions, req);
    },
  },
  {
    name: 'transactionsByMessage',
    run: (p, s, backend) => {
      const req = {
        msg_hash: p.hashes('msg_hash'),
        body_hash: p.hash('body_hash'),
        opcode: p.opcode('opcode'),
        direction: p.direction('direction'),
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
      return backend.request(Subjects.query.transactionsByMessage, req);
    },
  },
  {
    name: 'adjacentTransactions',
    run: (p, s, backend) => {
      const hash = p.hash('hash');
      const direction = p.direction('direction');
      // toncenter also takes limit, offset and sort here and applies none of them.
      p.paging(DEFAULT_LIMIT);
      p.sort('desc');
      p.rejectUnknown();
      if (hash === undefined) {
        throw invalid('hash', 'hash is required');
      }
      return backend.request(Subjects.query.adjacentTransactions, {
        hash,
        direction,
        no_address_book: s.noAddressBook,
      });
    },
  },
  {
    name: 'messages',
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
      return backend.request(Subjects.query.messages, req);
    },
  },
];
