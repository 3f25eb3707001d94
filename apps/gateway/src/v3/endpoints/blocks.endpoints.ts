import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { DEFAULT_LIMIT, type V3Endpoint } from '../v3-endpoint';
import { limitRequestParams, resultOf, timeRangeParams, V3Param } from '../v3-schemas';

/** masterchainInfo, blocks, masterchainBlockShardState, masterchainBlockShards (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const BLOCK_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'masterchainInfo',
    query: z.object({}),
    result: resultOf(Subjects.query.masterchainInfo),
    run: (p, _s, backend) => {
      p.rejectUnknown();
      return backend.forward(Subjects.query.masterchainInfo, {});
    },
  },
  {
    name: 'blocks',
    query: z.object({
      workchain: V3Param.int32('Workchain id', -1).optional(),
      shard: V3Param.shard().optional(),
      seqno: V3Param.int32('Block seqno').optional(),
      root_hash: V3Param.hash('Block root hash').optional(),
      file_hash: V3Param.hash('Block file hash').optional(),
      mc_seqno: V3Param.int32('Masterchain block that committed the block').optional(),
      ...timeRangeParams,
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.blocks),
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
      return backend.forward(Subjects.query.blocks, req);
    },
  },
  {
    name: 'masterchainBlockShardState',
    query: z.object({
      seqno: V3Param.int32('Masterchain block seqno', 1).optional(),
    }),
    result: resultOf(Subjects.query.masterchainBlockShardState),
    run: (p, _s, backend) => {
      // toncenter reads a missing seqno as 0.
      const seqno = p.int32('seqno') ?? 0;
      p.rejectUnknown();
      return backend.forward(Subjects.query.masterchainBlockShardState, { seqno });
    },
  },
  {
    name: 'masterchainBlockShards',
    query: z.object({
      seqno: V3Param.int32('Masterchain block seqno', 1).optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.masterchainBlockShards),
    run: (p, _s, backend) => {
      const req = {
        seqno: p.int32('seqno') ?? 0,
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort(undefined),
      };
      p.rejectUnknown();
      return backend.forward(Subjects.query.masterchainBlockShards, req);
    },
  },
];
