import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { accountReadParams, resultOf } from '../../v2-schemas';
import { parseAccountRead } from '../../params/accounts.params';

/** getExtendedAddressInformation (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): tonlib `fullAccountState`. */
export const getExtendedAddressInformation = defineV2Method({
  name: 'getExtendedAddressInformation',
  verbs: ['GET', 'POST'],
  params: accountReadParams,
  result: resultOf(Subjects.ls.getExtendedAddressInformation),
  parse: parseAccountRead,
  handle: (params, backend) => backend.request(Subjects.ls.getExtendedAddressInformation, params),
});
