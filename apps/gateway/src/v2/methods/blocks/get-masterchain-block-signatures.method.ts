import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { requiredMasterchainSeqno } from '../../params/blocks.params';

/** getMasterchainBlockSignatures: masterchain `seqno`; `blocks.blockSignatures` (§5.2). */
export const getMasterchainBlockSignatures = defineV2Method({
  name: 'getMasterchainBlockSignatures',
  verbs: ['GET', 'POST'],
  params: ['seqno'],
  parse: (raw, source) => ({ seqno: requiredMasterchainSeqno(raw, source) }),
  handle: (params, backend) => backend.request(Subjects.ls.getMasterchainBlockSignatures, params),
});
