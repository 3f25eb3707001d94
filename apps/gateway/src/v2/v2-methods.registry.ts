import { getAddressInformation } from './methods/get-address-information.method';
import { getMasterchainInfo } from './methods/get-masterchain-info.method';
import { type V2Method } from './v2-method';

/** Every v2 method by its toncenter name (REST path segment and JSON-RPC `method`). */
export const V2_METHODS: ReadonlyMap<string, V2Method> = new Map(
  [getMasterchainInfo, getAddressInformation].map((m) => [m.name, m]),
);
