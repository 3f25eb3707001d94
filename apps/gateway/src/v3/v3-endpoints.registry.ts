import { ACCOUNT_ENDPOINTS } from './endpoints/accounts.endpoints';
import { BLOCK_ENDPOINTS } from './endpoints/blocks.endpoints';
import { DECODE_ENDPOINTS } from './endpoints/decode.endpoints';
import { PENDING_ENDPOINTS } from './endpoints/pending.endpoints';
import { SEND_ENDPOINTS } from './endpoints/send.endpoints';
import { TOKEN_ENDPOINTS } from './endpoints/tokens.endpoints';
import { TRACE_ENDPOINTS } from './endpoints/traces.endpoints';
import { TRANSACTION_ENDPOINTS } from './endpoints/transactions.endpoints';
import { V2_STYLE_ENDPOINTS } from './endpoints/v2-style.endpoints';
import { type V3Endpoint } from './v3-endpoint';

/** Every /api/v3 endpoint by path name. */
export const V3_ENDPOINTS: ReadonlyMap<string, V3Endpoint> = new Map(
  [
    ...BLOCK_ENDPOINTS,
    ...TRANSACTION_ENDPOINTS,
    ...TRACE_ENDPOINTS,
    ...PENDING_ENDPOINTS,
    ...TOKEN_ENDPOINTS,
    ...ACCOUNT_ENDPOINTS,
    ...DECODE_ENDPOINTS,
    ...SEND_ENDPOINTS,
    ...V2_STYLE_ENDPOINTS,
  ].map((e) => [e.name, e]),
);
