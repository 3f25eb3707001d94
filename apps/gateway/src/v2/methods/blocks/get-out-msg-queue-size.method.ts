import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';

/** getOutMsgQueueSize (2.1): no parameters; `blocks.outMsgQueueSizes` (§5.8). */
export const getOutMsgQueueSize = defineV2Method({
  name: 'getOutMsgQueueSize',
  verbs: ['GET', 'POST'],
  params: [],
  parse: () => ({}),
  handle: (params, backend) => backend.request(Subjects.ls.getOutMsgQueueSize, params),
});
