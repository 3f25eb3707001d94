import { Subjects } from '@app/contracts';
import { defineV2Method } from '../v2-method';

/** getMasterchainInfo: no parameters; `blocks.masterchainInfo` (toncenter-v2.md §5.1). */
export const getMasterchainInfo = defineV2Method({
  name: 'getMasterchainInfo',
  verbs: ['GET', 'POST'],
  params: [],
  parse: () => ({}),
  handle: (params, backend) => backend.request(Subjects.ls.getMasterchainInfo, params),
});
