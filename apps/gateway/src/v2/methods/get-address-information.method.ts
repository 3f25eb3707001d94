import { Subjects } from '@app/contracts';
import { defineV2Method } from '../v2-method';
import { accountReadParams, resultOf } from '../v2-schemas';
import { optionalSeqno, requiredAddress } from '../v2-params';

/** getAddressInformation: `address`, optional `seqno`; `raw.fullAccountState` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getAddressInformation = defineV2Method({
  name: 'getAddressInformation',
  verbs: ['GET', 'POST'],
  params: accountReadParams,
  result: resultOf(Subjects.ls.getAddressInformation),
  parse: (raw, source) => {
    const address = requiredAddress(raw, 'address', source);
    const seqno = optionalSeqno(raw, source);
    return seqno === undefined ? { address } : { address, seqno };
  },
  handle: (params, backend) => backend.request(Subjects.ls.getAddressInformation, params),
});
