import { type GetTransactionsReq, Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { type V2Values } from '../../v2-field';
import { resultOf } from '../../v2-schemas';
import { startPoint } from '../../params/transactions.params';

/** The parameters getTransactions and getTransactionsStd share (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
const FIELDS = {
  address: V2Fields.address(),
  // 2.1: 1…1000, default 10.
  limit: V2Fields.count('How many transactions, 1…1000 (default 10)', { value: 10, max: 1000 }),
  lt: V2Fields.lt('Logical time of the transaction to start from', '1000000'),
  hash: V2Fields.hash('Hash of the transaction to start from'),
  to_lt: V2Fields.lt('Stop at this logical time (exclusive)', '0'),
  archival: V2Fields.flag('Read from archival liteservers only'),
};

function transactionsRequest(
  { address, limit, lt, hash, to_lt: toLt, archival }: V2Values<typeof FIELDS>,
  zeroLtIsAbsent: boolean,
): GetTransactionsReq {
  return {
    address,
    limit,
    ...(startPoint(lt, hash, zeroLtIsAbsent) ?? {}),
    ...(toLt === undefined ? {} : { to_lt: toLt }),
    ...(archival === undefined ? {} : { archival }),
  };
}

/**
 * getTransactions: the account's history backwards from (`lt`, `hash`) or its last transaction, the
 * start included; a JSON array of 2.1 `ext.transaction`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). `hash` is
 * accepted as hex (what @ton/ton sends) and base64.
 */
export const getTransactions = defineV2Method({
  name: 'getTransactions',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  request: (values) => transactionsRequest(values, true),
  result: resultOf(Subjects.ls.getTransactions),
  handle: (params, backend) => backend.request(Subjects.ls.getTransactions, params),
});

/** getTransactionsStd (2.1 only): the same walk as tonlib-native `raw.transactions` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getTransactionsStd = defineV2Method({
  name: 'getTransactionsStd',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  request: (values) => transactionsRequest(values, false),
  result: resultOf(Subjects.ls.getTransactionsStd),
  handle: (params, backend) => backend.request(Subjects.ls.getTransactionsStd, params),
});
