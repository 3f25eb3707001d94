import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

/**
 * getBlockHeader: `workchain`, `shard`, `seqno`, optional `root_hash` and `file_hash` (both given: no
 * lookup); `blocks.header`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). 2.1 words
 * a bad `shard` as `failed to parse workchain` (a copy/paste bug); this names `shard`, as every
 * other method does.
 */
export const getBlockHeader = defineV2Method({
  name: 'getBlockHeader',
  verbs: ['GET', 'POST'],
  fields: {
    workchain: V2Fields.workchain(),
    shard: V2Fields.shard(),
    seqno: V2Fields.blockSeqno(),
    root_hash: V2Fields.blockHash('Block root hash'),
    file_hash: V2Fields.blockHash('Block file hash'),
  },
  result: resultOf(Subjects.ls.getBlockHeader),
  handle: (params, backend) => backend.request(Subjects.ls.getBlockHeader, params),
});
