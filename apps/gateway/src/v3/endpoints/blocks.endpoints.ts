import { Subjects } from '@app/contracts';
import { defineV3Endpoint, type V3Endpoint } from '../v3-endpoint';
import { PAGING_FIELDS, TIME_RANGE_FIELDS, V3Fields } from '../v3-fields';
import { resultOf } from '../v3-schemas';

/** masterchainInfo, blocks, masterchainBlockShardState, masterchainBlockShards (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const BLOCK_ENDPOINTS: readonly V3Endpoint[] = [
  defineV3Endpoint({
    name: 'masterchainInfo',
    fields: {},
    result: resultOf(Subjects.query.masterchainInfo),
    run: (_q, _s, backend) => backend.forward(Subjects.query.masterchainInfo, {}),
  }),
  defineV3Endpoint({
    name: 'blocks',
    fields: {
      workchain: V3Fields.int32('Workchain id', -1),
      shard: V3Fields.shard(),
      seqno: V3Fields.int32('Block seqno'),
      root_hash: V3Fields.hash('Block root hash'),
      file_hash: V3Fields.hash('Block file hash'),
      mc_seqno: V3Fields.int32('Masterchain block that committed the block'),
      ...TIME_RANGE_FIELDS,
      ...PAGING_FIELDS,
      sort: V3Fields.sort(undefined),
    },
    result: resultOf(Subjects.query.blocks),
    run: (q, _s, backend) => backend.forward(Subjects.query.blocks, q),
  }),
  defineV3Endpoint({
    name: 'masterchainBlockShardState',
    fields: {
      // toncenter reads a missing seqno as 0.
      seqno: V3Fields.int32Or(0, 'Masterchain block seqno', 1),
    },
    result: resultOf(Subjects.query.masterchainBlockShardState),
    run: (q, _s, backend) => backend.forward(Subjects.query.masterchainBlockShardState, q),
  }),
  defineV3Endpoint({
    name: 'masterchainBlockShards',
    fields: {
      seqno: V3Fields.int32Or(0, 'Masterchain block seqno', 1),
      ...PAGING_FIELDS,
      sort: V3Fields.sort(undefined),
    },
    result: resultOf(Subjects.query.masterchainBlockShards),
    run: (q, _s, backend) => backend.forward(Subjects.query.masterchainBlockShards, q),
  }),
];
