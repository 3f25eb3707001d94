import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { resultOf } from '../../v2-schemas';
import { ACCOUNT_READ_FIELDS } from '../../v2-fields';

/** getWalletInformation (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): wallet detection by code hash, 2.1 shape. */
export const getWalletInformation = defineV2Method({
  name: 'getWalletInformation',
  verbs: ['GET', 'POST'],
  fields: ACCOUNT_READ_FIELDS,
  result: resultOf(Subjects.ls.getWalletInformation),
  handle: (params, backend) => backend.request(Subjects.ls.getWalletInformation, params),
});
