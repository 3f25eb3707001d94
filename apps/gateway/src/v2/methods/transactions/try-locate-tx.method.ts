import { z } from 'zod';
import { Subjects, type TryLocateTxReq } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param } from '../../v2-schemas';
import { type ParamSource, type RawParams } from '../../v2-params';
import { locateAddress, requiredCreatedLt } from '../../params/transactions.params';

const PARAMS = z.object({
  source: V2Param.address('Sender of the message'),
  destination: V2Param.address('Receiver of the message'),
  created_lt: V2Param.lt('created_lt of the message', '1000000'),
});

function parseLocateParams(raw: RawParams, source: ParamSource): TryLocateTxReq {
  return {
    source: locateAddress(raw, 'source', source),
    destination: locateAddress(raw, 'destination', source),
    created_lt: requiredCreatedLt(raw, source),
  };
}

/** tryLocateTx: the same search as tryLocateResultTx (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml); 404 when not found. */
export const tryLocateTx = defineV2Method({
  name: 'tryLocateTx',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  result: resultOf(Subjects.ls.tryLocateTx),
  parse: parseLocateParams,
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateTx, params),
});

/** tryLocateResultTx: the transaction on `destination` the message caused (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const tryLocateResultTx = defineV2Method({
  name: 'tryLocateResultTx',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  result: resultOf(Subjects.ls.tryLocateResultTx),
  parse: parseLocateParams,
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateResultTx, params),
});

/** tryLocateSourceTx: the transaction on `source` that emitted the message (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const tryLocateSourceTx = defineV2Method({
  name: 'tryLocateSourceTx',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  result: resultOf(Subjects.ls.tryLocateSourceTx),
  parse: parseLocateParams,
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateSourceTx, params),
});
