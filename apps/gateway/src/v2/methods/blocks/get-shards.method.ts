import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { type V2Method, defineV2Method } from '../../v2-method';
import { type ParamSource, type RawParams } from '../../v2-params';
import { requiredMasterchainSeqno } from '../../params/blocks.params';
import { resultOf, V2Param, V2Range } from '../../v2-schemas';

const SHARDS_PARAMS = z.object({
  seqno: V2Param.integer('Masterchain block seqno', 1, V2Range.positiveInt32),
});

function parse(raw: RawParams, source: ParamSource): { seqno: number } {
  return { seqno: requiredMasterchainSeqno(raw, source) };
}

/** getShards: masterchain `seqno`; `blocks.shards` of the shard tops it commits (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getShards: V2Method = defineV2Method({
  name: 'getShards',
  verbs: ['GET', 'POST'],
  params: SHARDS_PARAMS,
  result: resultOf(Subjects.ls.getShards),
  parse,
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
  params: SHARDS_PARAMS,
  result: resultOf(Subjects.ls.getShards),
  parse,
  handle: (params, backend) => backend.request(Subjects.ls.getShards, params),
});
