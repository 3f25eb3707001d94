import { Subjects } from '@app/contracts';
import { DEFAULT_LIMIT, type V3Endpoint } from '../v3-endpoint';

/** masterchainInfo, blocks, masterchainBlockShardState, masterchainBlockShards (§4.1–4.4). */
export const BLOCK_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'masterchainInfo',
    run: (p, _s, backend) => {
      p.rejectUnknown();
      return backend.request(Subjects.query.masterchainInfo, {});
    },
  },
  {
    name: 'blocks',
    run: (p, _s, backend) => {
      const req = {
        workchain: p.int32('workchain'),
        shard: p.shard('shard'),
        seqno: p.int32('seqno'),
        root_hash: p.hash('root_hash'),
        file_hash: p.hash('file_hash'),
        mc_seqno: p.int32('mc_seqno'),
        start_utime: p.utime('start_utime'),
        end_utime: p.utime('end_utime'),
        start_lt: p.uint64('start_lt'),
        end_lt: p.uint64('end_lt'),
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort(undefined),
      };
      p.rejectUnknown();
      return backend.request(Subjects.query.blocks, req);
    },
  },
  {
    name: 'masterchainBlockShardState',
    run: (p, _s, backend) => {
      // toncenter reads a missing seqno as 0.
      const seqno = p.int32('seqno') ?? 0;
      p.rejectUnknown();
      return backend.request(Subjects.query.masterchainBlockShardState, { seqno });
    },
  },
  {
    name: 'masterchainBlockShards',
    run: (p, _s, backend) => {
      const req = { seqno: p.int32('seqno') ?? 0, ...p.paging(DEFAULT_LIMIT) };
      p.rejectUnknown();
      return backend.request(Subjects.query.masterchainBlockShards, req);
    },
  },
];
