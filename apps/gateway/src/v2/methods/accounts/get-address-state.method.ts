import { RawFullAccountState, Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { ACCOUNT_READ_FIELDS } from '../../v2-fields';

/** getAddressState (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): `active`, `uninitialized` or `frozen`, as getAddressInformation computes it. */
export const getAddressState = defineV2Method({
  name: 'getAddressState',
  verbs: ['GET', 'POST'],
  fields: ACCOUNT_READ_FIELDS,
  result: RawFullAccountState.shape.state,
  handle: async (params, backend) =>
    (await backend.request(Subjects.ls.getAddressInformation, params)).state,
});
