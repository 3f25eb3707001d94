import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf, V2Range } from '../../v2-schemas';
import { configIdOf } from '../../params/methods.params';

/** getConfigParam: `config_id` or `param` (`config_id` wins), optional `seqno`; `configInfo` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getConfigParam = defineV2Method({
  name: 'getConfigParam',
  verbs: ['GET', 'POST'],
  fields: {
    // Read as int32 and refused below zero with 2.1's words (configIdOf).
    config_id: V2Fields.optionalInteger(
      'Config parameter number (2.0 name; taken when param is given too)',
      34,
      V2Range.int32,
    ),
    param: V2Fields.optionalInteger('Config parameter number (2.1 name)', 34, V2Range.int32),
    seqno: V2Fields.seqno(),
  },
  request: ({ config_id: configId, param, seqno }) => ({
    configId: configIdOf(param, configId),
    ...(seqno === undefined ? {} : { seqno }),
  }),
  result: resultOf(Subjects.ls.getConfigParam),
  handle: (params, backend) => backend.request(Subjects.ls.getConfigParam, params),
});
