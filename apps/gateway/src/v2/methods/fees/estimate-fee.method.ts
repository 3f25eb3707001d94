import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { optionalCellBoc, requiredCellBoc } from '../../params/fees.params';
import { optionalBoolean, requiredAddress } from '../../v2-params';

/**
 * estimateFee (POST only): `address`, `body` (b64 BoC), optional `init_code` / `init_data` (b64,
 * default `""`) and `ignore_chksig` (default true); `query.fees` with numeric fees (§9, §16.1).
 */
export const estimateFee = defineV2Method({
  name: 'estimateFee',
  verbs: ['POST'],
  params: ['address', 'body', 'init_code', 'init_data', 'ignore_chksig'],
  parse: (raw, source) => ({
    address: requiredAddress(raw, 'address', source),
    body: requiredCellBoc(raw, 'body', source),
    initCode: optionalCellBoc(raw, 'init_code', source),
    initData: optionalCellBoc(raw, 'init_data', source),
    ignoreChksig: optionalBoolean(raw, 'ignore_chksig', source) ?? true,
  }),
  handle: (params, backend) => backend.request(Subjects.ls.estimateFee, params),
});
