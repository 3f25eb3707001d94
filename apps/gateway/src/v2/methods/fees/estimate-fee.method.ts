import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

/**
 * estimateFee (POST only): `address`, `body` (b64 BoC), optional `init_code` / `init_data` (b64,
 * default `""`) and `ignore_chksig` (default true); `query.fees` with numeric fees
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). Body,
 * code and data are one message: they share its cell budget.
 */
export const estimateFee = defineV2Method({
  name: 'estimateFee',
  verbs: ['POST'],
  fields: {
    address: V2Fields.address('Destination account of the message'),
    body: V2Fields.messageCell('Message body'),
    init_code: V2Fields.optionalMessageCell('StateInit code, for a deployment'),
    init_data: V2Fields.optionalMessageCell('StateInit data, for a deployment'),
    ignore_chksig: V2Fields.flag('Skip signature checks (default true)'),
  },
  request: (values) => ({
    address: values.address,
    body: values.body,
    initCode: values.init_code,
    initData: values.init_data,
    ignoreChksig: values.ignore_chksig ?? true,
  }),
  result: resultOf(Subjects.send.estimateFee),
  handle: (params, backend) => backend.request(Subjects.send.estimateFee, params),
});
