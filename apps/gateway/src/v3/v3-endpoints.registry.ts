import { ACCOUNT_ENDPOINTS } from './endpoints/accounts.endpoints';
import { BLOCK_ENDPOINTS } from './endpoints/blocks.endpoints';
import { TOKEN_ENDPOINTS } from './endpoints/tokens.endpoints';
import { TRACE_ENDPOINTS } from './endpoints/traces.endpoints';
import { TRANSACTION_ENDPOINTS } from './endpoints/transactions.endpoints';
import { type V3Endpoint } from './v3-endpoint';

/** Every /api/v3 endpoint by path name. */
export const V3_ENDPOINTS: ReadonlyMap<string, V3Endpoint> = new Map(
  [
    ...BLOCK_ENDPOINTS,
    ...TRANSACTION_ENDPOINTS,
    ...TRACE_ENDPOINTS,
    ...TOKEN_ENDPOINTS,
    ...ACCOUNT_ENDPOINTS,
  ].map((e) => [e.name, e]),
);
