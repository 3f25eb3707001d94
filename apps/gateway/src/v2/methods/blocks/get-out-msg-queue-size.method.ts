import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { resultOf } from '../../v2-schemas';

/** getOutMsgQueueSize (2.1): no parameters; `blocks.outMsgQueueSizes` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getOutMsgQueueSize = defineV2Method({
  name: 'getOutMsgQueueSize',
  verbs: ['GET', 'POST'],
  fields: {},
  result: resultOf(Subjects.ls.getOutMsgQueueSize),
  handle: (params, backend) => backend.request(Subjects.ls.getOutMsgQueueSize, params),
});
