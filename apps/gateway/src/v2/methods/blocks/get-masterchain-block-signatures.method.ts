import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

/** getMasterchainBlockSignatures: masterchain `seqno`; `blocks.blockSignatures` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getMasterchainBlockSignatures = defineV2Method({
  name: 'getMasterchainBlockSignatures',
  verbs: ['GET', 'POST'],
  fields: { seqno: V2Fields.masterchainSeqno() },
  result: resultOf(Subjects.ls.getMasterchainBlockSignatures),
  handle: (params, backend) => backend.request(Subjects.ls.getMasterchainBlockSignatures, params),
});
