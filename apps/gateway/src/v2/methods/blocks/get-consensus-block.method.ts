import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';

/** getConsensusBlock: no parameters; `ext.blocks.consensusBlock` (2.1 shape, §5.4). */
export const getConsensusBlock = defineV2Method({
  name: 'getConsensusBlock',
  verbs: ['GET', 'POST'],
  params: [],
  parse: () => ({}),
  handle: (params, backend) => backend.request(Subjects.ls.getConsensusBlock, params),
});
