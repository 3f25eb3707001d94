import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { presentValues } from '../../v2-field';
import { resultOf } from '../../v2-schemas';

/**
 * runGetMethod (POST only): `address`, `method` (name or id), legacy `stack` (required, as in 2.1's
 * request schema), optional `seqno`;
 * `smc.runResult` with the legacy stack
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). A
 * non-zero exit code is still `ok:true`.
 */
export const runGetMethod = defineV2Method({
  name: 'runGetMethod',
  verbs: ['POST'],
  fields: {
    address: V2Fields.address('Contract address'),
    method: V2Fields.methodId(),
    stack: V2Fields.legacyStack(),
    seqno: V2Fields.seqno(),
  },
  request: ({ address, method, stack, seqno }) =>
    presentValues({ address, methodId: method, stack, seqno }),
  result: resultOf(Subjects.ls.runGetMethod),
  handle: (params, backend) => backend.request(Subjects.ls.runGetMethod, params),
});
