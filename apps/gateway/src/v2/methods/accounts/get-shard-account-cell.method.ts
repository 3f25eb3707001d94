import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { resultOf } from '../../v2-schemas';
import { ACCOUNT_READ_FIELDS } from '../../v2-fields';

/**
 * getShardAccountCell (2.1): `address`, optional `seqno`; the account's `ShardAccount` cell
 * (`account:^Account last_trans_hash:bits256 last_trans_lt:uint64`) as `tvm.cell`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const getShardAccountCell = defineV2Method({
  name: 'getShardAccountCell',
  verbs: ['GET', 'POST'],
  fields: ACCOUNT_READ_FIELDS,
  result: resultOf(Subjects.ls.getShardAccountCell),
  handle: (params, backend) => backend.request(Subjects.ls.getShardAccountCell, params),
});
