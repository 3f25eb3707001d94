import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

/**
 * getShardBlockProof: `workchain`, `shard`, `seqno`, optional masterchain `from_seqno`;
 * `blocks.shardBlockProof`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const getShardBlockProof = defineV2Method({
  name: 'getShardBlockProof',
  verbs: ['GET', 'POST'],
  fields: {
    workchain: V2Fields.workchain(),
    shard: V2Fields.shard(),
    seqno: V2Fields.blockSeqno(),
    from_seqno: V2Fields.nonNegativeInteger('Masterchain seqno the proof starts from', 1),
  },
  result: resultOf(Subjects.ls.getShardBlockProof),
  handle: (params, backend) => backend.request(Subjects.ls.getShardBlockProof, params),
});
