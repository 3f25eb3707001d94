import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param, V2Range } from '../../v2-schemas';
import { requiredMasterchainSeqno } from '../../params/blocks.params';

/** getMasterchainBlockSignatures: masterchain `seqno`; `blocks.blockSignatures` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getMasterchainBlockSignatures = defineV2Method({
  name: 'getMasterchainBlockSignatures',
  verbs: ['GET', 'POST'],
  params: z.object({
    seqno: V2Param.integer('Masterchain block seqno', 1, V2Range.positiveInt32),
  }),
  result: resultOf(Subjects.ls.getMasterchainBlockSignatures),
  parse: (raw, source) => ({ seqno: requiredMasterchainSeqno(raw, source) }),
  handle: (params, backend) => backend.request(Subjects.ls.getMasterchainBlockSignatures, params),
});
