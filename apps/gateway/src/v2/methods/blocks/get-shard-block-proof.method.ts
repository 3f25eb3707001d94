import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { blockIdParams, resultOf, V2Param, V2Range } from '../../v2-schemas';
import { requiredInt64 } from '../../v2-params';
import {
  optionalFromSeqno,
  requiredBlockSeqno,
  requiredWorkchain,
} from '../../params/blocks.params';

/**
 * getShardBlockProof: `workchain`, `shard`, `seqno`, optional masterchain `from_seqno`;
 * `blocks.shardBlockProof`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const getShardBlockProof = defineV2Method({
  name: 'getShardBlockProof',
  verbs: ['GET', 'POST'],
  params: z.object({
    ...blockIdParams,
    from_seqno: V2Param.integer(
      'Masterchain seqno the proof starts from',
      1,
      V2Range.nonNegativeInt32,
    ).optional(),
  }),
  result: resultOf(Subjects.ls.getShardBlockProof),
  parse: (raw, source) => {
    const workchain = requiredWorkchain(raw, source);
    const shard = requiredInt64(raw, 'shard', source).toString();
    const seqno = requiredBlockSeqno(raw, source);
    const fromSeqno = optionalFromSeqno(raw, source);
    return {
      workchain,
      shard,
      seqno,
      ...(fromSeqno === undefined ? {} : { from_seqno: fromSeqno }),
    };
  },
  handle: (params, backend) => backend.request(Subjects.ls.getShardBlockProof, params),
});
