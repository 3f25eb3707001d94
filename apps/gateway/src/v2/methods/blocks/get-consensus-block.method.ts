import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { resultOf } from '../../v2-schemas';

/** getConsensusBlock: no parameters; `ext.blocks.consensusBlock` (2.1 shape, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getConsensusBlock = defineV2Method({
  name: 'getConsensusBlock',
  verbs: ['GET', 'POST'],
  fields: {},
  result: resultOf(Subjects.ls.getConsensusBlock),
  handle: (params, backend) => backend.request(Subjects.ls.getConsensusBlock, params),
});
