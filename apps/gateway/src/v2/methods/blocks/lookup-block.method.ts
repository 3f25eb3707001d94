import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { blockIdParams, resultOf, V2Param, V2Range } from '../../v2-schemas';
import { requiredInt64, validationError } from '../../v2-params';
import {
  optionalBlockSeqno,
  optionalLt,
  optionalUnixtime,
  requiredWorkchain,
} from '../../params/blocks.params';

/**
 * lookupBlock: `workchain`, `shard` and exactly one of `seqno`, `lt`, `unixtime` (2.1; 2.0 allowed
 * several); result `ton.blockIdExt` (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const lookupBlock = defineV2Method({
  name: 'lookupBlock',
  verbs: ['GET', 'POST'],
  params: z.object({
    ...blockIdParams,
    seqno: blockIdParams.seqno.optional(),
    lt: V2Param.lt('Logical time inside the block', '1000000').optional(),
    unixtime: V2Param.integer(
      'Unix time inside the block',
      1700000000,
      V2Range.nonNegativeInt32,
    ).optional(),
  }),
  result: resultOf(Subjects.ls.lookupBlock),
  parse: (raw, source) => {
    const workchain = requiredWorkchain(raw, source);
    const shard = requiredInt64(raw, 'shard', source).toString();
    const seqno = optionalBlockSeqno(raw, source);
    const lt = optionalLt(raw, source);
    const unixtime = optionalUnixtime(raw, source);
    const given = [seqno, lt, unixtime].filter((v) => v !== undefined).length;
    if (given !== 1) {
      throw validationError('exactly one of seqno, lt, unixtime should be specified', 'seqno');
    }
    return {
      workchain,
      shard,
      ...(seqno === undefined ? {} : { seqno }),
      ...(lt === undefined ? {} : { lt }),
      ...(unixtime === undefined ? {} : { unixtime }),
    };
  },
  handle: (params, backend) => backend.request(Subjects.ls.lookupBlock, params),
});
