import { Subjects } from '@app/contracts';
import { type V2Method, defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

const FIELDS = { seqno: V2Fields.masterchainSeqno() };

/** getShards: masterchain `seqno`; `blocks.shards` of the shard tops it commits (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getShards: V2Method = defineV2Method({
  name: 'getShards',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  result: resultOf(Subjects.ls.getShards),
  handle: (params, backend) => backend.request(Subjects.ls.getShards, params),
});

/**
 * shards: the same method under the name @ton/ton (getWorkchainShards) and tonweb (getBlockShards)
 * call over JSON-RPC; 2.0 only had this name, 2.1 serves both
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const shards: V2Method = defineV2Method({
  name: 'shards',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  result: resultOf(Subjects.ls.getShards),
  handle: (params, backend) => backend.request(Subjects.ls.getShards, params),
});
