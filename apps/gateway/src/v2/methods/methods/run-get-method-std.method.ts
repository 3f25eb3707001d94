import { Subjects } from '@app/contracts';
import { GET_METHOD_STACK_LIMITS } from '@app/ton';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param } from '../../v2-schemas';
import { requiredMethodId, tonlibStack } from '../../params/methods.params';
import { optionalSeqno, requiredAddress } from '../../v2-params';

/**
 * runGetMethodStd (2.1, POST only): as runGetMethod with typed tonlib stack entries in and out, and no
 * `block_id` / `last_transaction_id`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const runGetMethodStd = defineV2Method({
  name: 'runGetMethodStd',
  verbs: ['POST'],
  params: z.object({
    address: V2Param.address('Contract address'),
    method: z
      .union([z.string().max(127), z.int()])
      .meta({ description: 'Get-method name or numeric id', example: 'seqno' }),
    stack: z
      .array(z.looseObject({ '@type': z.string() }))
      // Checked on the length before any entry (GET_METHOD_STACK_LIMITS).
      .max(GET_METHOD_STACK_LIMITS.maxEntries)
      .meta({ description: 'Typed tonlib stack entries (tvm.stackEntryNumber, …)', example: [] }),
    seqno: V2Param.seqno(),
  }),
  result: resultOf(Subjects.ls.runGetMethodStd),
  parse: (raw, source) => {
    const address = requiredAddress(raw, 'address', source);
    const methodId = requiredMethodId(raw, source);
    const stack = tonlibStack(raw, source);
    const seqno = optionalSeqno(raw, source);
    return { address, methodId, stack, ...(seqno === undefined ? {} : { seqno }) };
  },
  handle: (params, backend) => backend.request(Subjects.ls.runGetMethodStd, params),
});
