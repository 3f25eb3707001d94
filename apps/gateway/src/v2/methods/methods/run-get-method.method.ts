import { Subjects } from '@app/contracts';
import { GET_METHOD_STACK_LIMITS } from '@app/ton';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param } from '../../v2-schemas';
import { legacyStack, requiredMethodId } from '../../params/methods.params';
import { optionalSeqno, requiredAddress } from '../../v2-params';

/**
 * runGetMethod (POST only): `address`, `method` (name or id), legacy `stack` (required, as in 2.1's
 * request schema), optional `seqno`;
 * `smc.runResult` with the legacy stack
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). A
 * non-zero exit code is still `ok:true`.
 */
export const runGetMethod = defineV2Method({
  name: 'runGetMethod',
  verbs: ['POST'],
  params: z.object({
    address: V2Param.address('Contract address'),
    method: z
      .union([z.string().max(127), z.int()])
      .meta({ description: 'Get-method name or numeric id', example: 'seqno' }),
    stack: z
      .array(z.array(z.unknown()))
      // Checked on the length before any entry (GET_METHOD_STACK_LIMITS).
      .max(GET_METHOD_STACK_LIMITS.maxEntries)
      .meta({
        description: 'Legacy stack entries: [["num", "0x1"], ["cell", "<b64>"], …]',
        example: [],
      }),
    seqno: V2Param.seqno(),
  }),
  result: resultOf(Subjects.ls.runGetMethod),
  parse: (raw, source) => {
    const address = requiredAddress(raw, 'address', source);
    const methodId = requiredMethodId(raw, source);
    const stack = legacyStack(raw, source);
    const seqno = optionalSeqno(raw, source);
    return { address, methodId, stack, ...(seqno === undefined ? {} : { seqno }) };
  },
  handle: (params, backend) => backend.request(Subjects.ls.runGetMethod, params),
});
