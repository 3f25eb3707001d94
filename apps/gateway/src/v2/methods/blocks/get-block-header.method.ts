import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { blockIdParams, resultOf, V2Param } from '../../v2-schemas';
import { requiredInt64 } from '../../v2-params';
import {
  optionalBlockHash,
  requiredBlockSeqno,
  requiredWorkchain,
} from '../../params/blocks.params';

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
  params: z.object({
    ...blockIdParams,
    root_hash: V2Param.hash('Block root hash').optional(),
    file_hash: V2Param.hash('Block file hash').optional(),
  }),
  result: resultOf(Subjects.ls.getBlockHeader),
  parse: (raw, source) => {
    const workchain = requiredWorkchain(raw, source);
    const shard = requiredInt64(raw, 'shard', source).toString();
    const seqno = requiredBlockSeqno(raw, source);
    const rootHash = optionalBlockHash(raw, 'root_hash', source);
    const fileHash = optionalBlockHash(raw, 'file_hash', source);
    return {
      workchain,
      shard,
      seqno,
      ...(rootHash === undefined ? {} : { root_hash: rootHash }),
      ...(fileHash === undefined ? {} : { file_hash: fileHash }),
    };
  },
  handle: (params, backend) => backend.request(Subjects.ls.getBlockHeader, params),
});
