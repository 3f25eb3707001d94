import { Subjects } from '@app/contracts';
import { defineV2Method } from '../v2-method';
import { resultOf } from '../v2-schemas';

/**
 * How long the gateway gives the same head again. The liteserver service keeps the proven head 200 ms
 * (libs/liteclient/src/liteserver-pool.ts, headCacheTtlMs); 100 ms more keeps an answer under the
 * 400 ms block interval old, so a client is still at most one block behind, while a busy gateway
 * asks the services a few times a second instead of once per request.
 */
export const HEAD_FRESH_MS = 100;

/** getMasterchainInfo: no parameters; `blocks.masterchainInfo` (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getMasterchainInfo = defineV2Method({
  name: 'getMasterchainInfo',
  verbs: ['GET', 'POST'],
  fields: {},
  result: resultOf(Subjects.ls.getMasterchainInfo),
  freshForMs: HEAD_FRESH_MS,
  handle: (params, backend) => backend.request(Subjects.ls.getMasterchainInfo, params),
});
