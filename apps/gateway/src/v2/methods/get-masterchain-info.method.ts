import { Subjects } from '@app/contracts';
import { defineV2Method } from '../v2-method';
import { resultOf } from '../v2-schemas';

/** getMasterchainInfo: no parameters; `blocks.masterchainInfo` (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getMasterchainInfo = defineV2Method({
  name: 'getMasterchainInfo',
  verbs: ['GET', 'POST'],
  fields: {},
  result: resultOf(Subjects.ls.getMasterchainInfo),
  handle: (params, backend) => backend.request(Subjects.ls.getMasterchainInfo, params),
});
