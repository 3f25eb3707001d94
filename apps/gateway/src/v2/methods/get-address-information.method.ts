import { Subjects } from '@app/contracts';
import { defineV2Method } from '../v2-method';
import { ACCOUNT_READ_FIELDS } from '../v2-fields';
import { resultOf } from '../v2-schemas';

/** getAddressInformation: `address`, optional `seqno`; `raw.fullAccountState` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getAddressInformation = defineV2Method({
  name: 'getAddressInformation',
  verbs: ['GET', 'POST'],
  fields: ACCOUNT_READ_FIELDS,
  result: resultOf(Subjects.ls.getAddressInformation),
  handle: (params, backend) => backend.request(Subjects.ls.getAddressInformation, params),
  immutable: (params) => params.seqno !== undefined,
});
