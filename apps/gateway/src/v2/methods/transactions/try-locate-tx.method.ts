import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

const FIELDS = {
  source: V2Fields.locateAddress('Sender of the message'),
  destination: V2Fields.locateAddress('Receiver of the message'),
  created_lt: V2Fields.createdLt(),
};

/** tryLocateTx: the same search as tryLocateResultTx (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml); 404 when not found. */
export const tryLocateTx = defineV2Method({
  name: 'tryLocateTx',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  result: resultOf(Subjects.ls.tryLocateTx),
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateTx, params),
});

/** tryLocateResultTx: the transaction on `destination` the message caused (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const tryLocateResultTx = defineV2Method({
  name: 'tryLocateResultTx',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  result: resultOf(Subjects.ls.tryLocateResultTx),
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateResultTx, params),
});

/** tryLocateSourceTx: the transaction on `source` that emitted the message (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const tryLocateSourceTx = defineV2Method({
  name: 'tryLocateSourceTx',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  result: resultOf(Subjects.ls.tryLocateSourceTx),
  handle: (params, backend) => backend.request(Subjects.ls.tryLocateSourceTx, params),
});
