import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { requiredConfigId } from '../../params/methods.params';
import { optionalSeqno } from '../../v2-params';

/** getConfigParam: `config_id` or `param`, optional `seqno`; `configInfo` (§7). */
export const getConfigParam = defineV2Method({
  name: 'getConfigParam',
  verbs: ['GET', 'POST'],
  params: ['config_id', 'param', 'seqno'],
  parse: (raw, source) => {
    const configId = requiredConfigId(raw, source);
    const seqno = optionalSeqno(raw, source);
    return seqno === undefined ? { configId } : { configId, seqno };
  },
  handle: (params, backend) => backend.request(Subjects.ls.getConfigParam, params),
});
