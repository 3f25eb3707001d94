import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

/** getConfigAll (2.1): optional `seqno`; `configInfo` holding the whole config dictionary (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getConfigAll = defineV2Method({
  name: 'getConfigAll',
  verbs: ['GET', 'POST'],
  fields: { seqno: V2Fields.seqno() },
  result: resultOf(Subjects.ls.getConfigAll),
  handle: (params, backend) => backend.request(Subjects.ls.getConfigAll, params),
});
