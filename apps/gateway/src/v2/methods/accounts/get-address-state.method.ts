import { RawFullAccountState, Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { accountReadParams } from '../../v2-schemas';
import { parseAccountRead } from '../../params/accounts.params';

/** getAddressState (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): `active`, `uninitialized` or `frozen`, as getAddressInformation computes it. */
export const getAddressState = defineV2Method({
  name: 'getAddressState',
  verbs: ['GET', 'POST'],
  params: accountReadParams,
  result: RawFullAccountState.shape.state,
  parse: parseAccountRead,
  handle: async (params, backend) =>
    (await backend.request(Subjects.ls.getAddressInformation, params)).state,
});
