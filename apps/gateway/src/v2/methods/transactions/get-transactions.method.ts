import { z } from 'zod';
import { type GetTransactionsReq, Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param, V2Range } from '../../v2-schemas';
import {
  type ParamSource,
  type RawParams,
  optionalFlag,
  optionalNonNegativeLt,
  requiredAddress,
} from '../../v2-params';
import { boundedCount, startPoint } from '../../params/transactions.params';

const PARAMS = z.object({
  address: V2Param.address(),
  limit: V2Param.integer(
    'How many transactions, 1…1000 (default 10)',
    10,
    V2Range.bounded(1, 1000),
  ).optional(),
  lt: V2Param.lt('Logical time of the transaction to start from', '1000000').optional(),
  hash: V2Param.hash('Hash of the transaction to start from').optional(),
  to_lt: V2Param.lt('Stop at this logical time (exclusive)', '0').optional(),
  archival: V2Param.boolean('Read from archival liteservers only').optional(),
});

/** The parameters getTransactions and getTransactionsStd share (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
function parseTransactionsParams(
  raw: RawParams,
  source: ParamSource,
  zeroLtIsAbsent: boolean,
): GetTransactionsReq {
  const address = requiredAddress(raw, 'address', source);
  // 2.1: 1…1000, default 10.
  const limit = boundedCount(raw, 'limit', source, { value: 10, max: 1000 });
  const start = startPoint(raw, source, zeroLtIsAbsent);
  const toLt = optionalNonNegativeLt(raw, 'to_lt', source);
  const archival = optionalFlag(raw, 'archival', source);
  return {
    address,
    limit,
    ...(start ?? {}),
    ...(toLt === undefined ? {} : { to_lt: toLt }),
    ...(archival === undefined ? {} : { archival }),
  };
}

/**
 * getTransactions: the account's history backwards from (`lt`, `hash`) or its last transaction, the
 * start included; a JSON array of 2.1 `ext.transaction`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). `hash` is
 * accepted as hex (what
 * @ton/ton sends) and base64.
 */
export const getTransactions = defineV2Method({
  name: 'getTransactions',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  result: resultOf(Subjects.ls.getTransactions),
  parse: (raw, source) => parseTransactionsParams(raw, source, true),
  handle: (params, backend) => backend.request(Subjects.ls.getTransactions, params),
});

/** getTransactionsStd (2.1 only): the same walk as tonlib-native `raw.transactions` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getTransactionsStd = defineV2Method({
  name: 'getTransactionsStd',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  result: resultOf(Subjects.ls.getTransactionsStd),
  parse: (raw, source) => parseTransactionsParams(raw, source, false),
  handle: (params, backend) => backend.request(Subjects.ls.getTransactionsStd, params),
});
