import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { presentValues } from '../../v2-field';
import { V2Fields } from '../../v2-fields';
import { validationError } from '../../v2-params';
import { resultOf, V2Range } from '../../v2-schemas';

/**
 * lookupBlock: `workchain`, `shard` and exactly one of `seqno`, `lt`, `unixtime` (2.1; 2.0 allowed
 * several); result `ton.blockIdExt` (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const lookupBlock = defineV2Method({
  name: 'lookupBlock',
  verbs: ['GET', 'POST'],
  fields: {
    workchain: V2Fields.workchain(),
    shard: V2Fields.shard(),
    seqno: V2Fields.optionalBlockSeqno(),
    lt: V2Fields.lt('Logical time inside the block', '1000000'),
    // 2.1's int32 (the lite_api's `utime:int`), not before 1970.
    unixtime: V2Fields.optionalInteger(
      'Unix time inside the block',
      1700000000,
      V2Range.nonNegativeInt32,
    ),
  },
  request: (values) => {
    const given = [values.seqno, values.lt, values.unixtime].filter((v) => v !== undefined);
    if (given.length !== 1) {
      throw validationError('exactly one of seqno, lt, unixtime should be specified', 'seqno');
    }
    return presentValues(values);
  },
  result: resultOf(Subjects.ls.lookupBlock),
  handle: (params, backend) => backend.request(Subjects.ls.lookupBlock, params),
});
