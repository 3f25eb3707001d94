import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param } from '../../v2-schemas';
import { messageCellBudget, optionalCellBoc, requiredCellBoc } from '../../params/fees.params';
import { optionalFlag, requiredAddress } from '../../v2-params';

/**
 * estimateFee (POST only): `address`, `body` (b64 BoC), optional `init_code` / `init_data` (b64,
 * default `""`) and `ignore_chksig` (default true); `query.fees` with numeric fees
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const estimateFee = defineV2Method({
  name: 'estimateFee',
  verbs: ['POST'],
  params: z.object({
    address: V2Param.address('Destination account of the message'),
    body: V2Param.boc('Message body'),
    init_code: V2Param.boc('StateInit code, for a deployment').optional(),
    init_data: V2Param.boc('StateInit data, for a deployment').optional(),
    ignore_chksig: V2Param.boolean('Skip signature checks (default true)').optional(),
  }),
  result: resultOf(Subjects.send.estimateFee),
  parse: (raw, source) => {
    // Body, code and data are one message: they share its cells.
    const cells = messageCellBudget();
    return {
      address: requiredAddress(raw, 'address', source),
      body: requiredCellBoc(raw, 'body', source, cells),
      initCode: optionalCellBoc(raw, 'init_code', source, cells),
      initData: optionalCellBoc(raw, 'init_data', source, cells),
      ignoreChksig: optionalFlag(raw, 'ignore_chksig', source) ?? true,
    };
  },
  handle: (params, backend) => backend.request(Subjects.send.estimateFee, params),
});
