import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param, V2Range } from '../../v2-schemas';
import { requiredConfigId } from '../../params/methods.params';
import { optionalSeqno } from '../../v2-params';

/** getConfigParam: `config_id` or `param` (`config_id` wins), optional `seqno`; `configInfo` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getConfigParam = defineV2Method({
  name: 'getConfigParam',
  verbs: ['GET', 'POST'],
  params: z.object({
    config_id: V2Param.integer(
      'Config parameter number (2.0 name; taken when param is given too)',
      34,
      V2Range.nonNegativeInt32,
    ).optional(),
    param: V2Param.integer(
      'Config parameter number (2.1 name)',
      34,
      V2Range.nonNegativeInt32,
    ).optional(),
    seqno: V2Param.seqno(),
  }),
  result: resultOf(Subjects.ls.getConfigParam),
  parse: (raw, source) => {
    const seqno = optionalSeqno(raw, source);
    const configId = requiredConfigId(raw, source);
    return seqno === undefined ? { configId } : { configId, seqno };
  },
  handle: (params, backend) => backend.request(Subjects.ls.getConfigParam, params),
});
