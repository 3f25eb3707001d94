import { Subjects, type TryLocateTxReq } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { type ParamSource, type RawParams } from '../../v2-params';
import { locateAddress, requiredCreatedLt } from '../../params/transactions.params';

const PARAMS = ['source', 'destination', 'created_lt'] as const;

function parseLocateParams(raw: RawParams, source: ParamSource): TryLocateTxReq {
  return {
    source: locateAddress(raw, 'source', source),
    destination: locateAddress(raw, 'destination', source),
    created_lt: requiredCreatedLt(raw, source),
  };
}

/** tryLocateTx: the same search as tryLocateResultTx (§6.4); 404 when not found. */
export const tryLocateTx = defineV2Method({
  name: 'tryLocateTx',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  parse: parseLocateParams,
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateTx, params),
});

/** tryLocateResultTx: the transaction on `destination` the message caused (§6.4, §15.8). */
export const tryLocateResultTx = defineV2Method({
  name: 'tryLocateResultTx',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  parse: parseLocateParams,
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateResultTx, params),
});

/** tryLocateSourceTx: the transaction on `source` that emitted the message (§6.4, §15.8). */
export const tryLocateSourceTx = defineV2Method({
  name: 'tryLocateSourceTx',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  parse: parseLocateParams,
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateSourceTx, params),
});
