import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param } from '../../v2-schemas';
import { optionalSeqno } from '../../v2-params';

/** getConfigAll (2.1): optional `seqno`; `configInfo` holding the whole config dictionary (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getConfigAll = defineV2Method({
  name: 'getConfigAll',
  verbs: ['GET', 'POST'],
  params: z.object({ seqno: V2Param.seqno() }),
  result: resultOf(Subjects.ls.getConfigAll),
  parse: (raw, source) => {
    const seqno = optionalSeqno(raw, source);
    return seqno === undefined ? {} : { seqno };
  },
  handle: (params, backend) => backend.request(Subjects.ls.getConfigAll, params),
});
