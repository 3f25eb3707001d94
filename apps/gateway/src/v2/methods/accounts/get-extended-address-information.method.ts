import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { resultOf } from '../../v2-schemas';
import { ACCOUNT_READ_FIELDS } from '../../v2-fields';

/** getExtendedAddressInformation (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): tonlib `fullAccountState`. */
export const getExtendedAddressInformation = defineV2Method({
  name: 'getExtendedAddressInformation',
  verbs: ['GET', 'POST'],
  fields: ACCOUNT_READ_FIELDS,
  result: resultOf(Subjects.ls.getExtendedAddressInformation),
  handle: (params, backend) => backend.request(Subjects.ls.getExtendedAddressInformation, params),
});
