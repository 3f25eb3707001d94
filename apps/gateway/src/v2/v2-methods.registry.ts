import { getAddressInformation } from './methods/get-address-information.method';
import { getMasterchainInfo } from './methods/get-masterchain-info.method';
import { ACCOUNTS_METHODS } from './methods/accounts';
import { BLOCKS_METHODS } from './methods/blocks';
import { FEES_METHODS } from './methods/fees';
import { METHODS_METHODS } from './methods/methods';
import { TRANSACTIONS_METHODS } from './methods/transactions';
import { type V2Method } from './v2-method';

/** Every v2 method by its toncenter name (REST path segment and JSON-RPC `method`). */
export const V2_METHODS: ReadonlyMap<string, V2Method> = new Map(
  [
    getMasterchainInfo,
    getAddressInformation,
    ...ACCOUNTS_METHODS,
    ...BLOCKS_METHODS,
    ...TRANSACTIONS_METHODS,
    ...METHODS_METHODS,
    ...FEES_METHODS,
  ].map((m) => [m.name, m]),
);
