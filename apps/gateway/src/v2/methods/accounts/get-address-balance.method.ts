import { RawFullAccountState, Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { ACCOUNT_READ_FIELDS } from '../../v2-fields';

/**
 * getAddressBalance
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): the
 * nanoton balance as a string, read from getAddressInformation, whose
 * balance is already clamped to "0" for a nonexistent account (2.1).
 */
export const getAddressBalance = defineV2Method({
  name: 'getAddressBalance',
  verbs: ['GET', 'POST'],
  fields: ACCOUNT_READ_FIELDS,
  result: RawFullAccountState.shape.balance,
  handle: async (params, backend) =>
    (await backend.request(Subjects.ls.getAddressInformation, params)).balance,
});
