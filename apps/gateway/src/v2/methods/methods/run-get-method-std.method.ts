import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { presentValues } from '../../v2-field';
import { resultOf } from '../../v2-schemas';

/**
 * runGetMethodStd (2.1, POST only): as runGetMethod with typed tonlib stack entries in and out, and no
 * `block_id` / `last_transaction_id`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const runGetMethodStd = defineV2Method({
  name: 'runGetMethodStd',
  verbs: ['POST'],
  fields: {
    address: V2Fields.address('Contract address'),
    method: V2Fields.methodId(),
    stack: V2Fields.tonlibStack(),
    seqno: V2Fields.seqno(),
  },
  request: ({ address, method, stack, seqno }) =>
    presentValues({ address, methodId: method, stack, seqno }),
  result: resultOf(Subjects.ls.runGetMethodStd),
  handle: (params, backend) => backend.request(Subjects.ls.runGetMethodStd, params),
});
