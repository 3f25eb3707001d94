import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { accountReadParams, resultOf } from '../../v2-schemas';
import { parseAccountRead } from '../../params/accounts.params';

/** getWalletInformation (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): wallet detection by code hash, 2.1 shape. */
export const getWalletInformation = defineV2Method({
  name: 'getWalletInformation',
  verbs: ['GET', 'POST'],
  params: accountReadParams,
  result: resultOf(Subjects.ls.getWalletInformation),
  parse: parseAccountRead,
  handle: (params, backend) => backend.request(Subjects.ls.getWalletInformation, params),
});
