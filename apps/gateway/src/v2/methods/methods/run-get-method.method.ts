import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { legacyStack, requiredMethodId } from '../../params/methods.params';
import { optionalSeqno, requiredAddress } from '../../v2-params';

/**
 * runGetMethod (POST only): `address`, `method` (name or id), legacy `stack`, optional `seqno`;
 * `smc.runResult` with the legacy stack (§8.1, §15.5). A non-zero exit code is still `ok:true`.
 */
export const runGetMethod = defineV2Method({
  name: 'runGetMethod',
  verbs: ['POST'],
  params: ['address', 'method', 'stack', 'seqno'],
  parse: (raw, source) => {
    const address = requiredAddress(raw, 'address', source);
    const methodId = requiredMethodId(raw, source);
    const stack = legacyStack(raw, source);
    const seqno = optionalSeqno(raw, source);
    return { address, methodId, stack, ...(seqno === undefined ? {} : { seqno }) };
  },
  handle: (params, backend) => backend.request(Subjects.ls.runGetMethod, params),
});
