import { type V2Method } from '../../v2-method';
import { dnsResolve } from './dns-resolve.method';
import { getAddressBalance } from './get-address-balance.method';
import { getAddressState } from './get-address-state.method';
import { getExtendedAddressInformation } from './get-extended-address-information.method';
import { getShardAccountCell } from './get-shard-account-cell.method';
import { getTokenData } from './get-token-data.method';
import { getWalletInformation } from './get-wallet-information.method';

/** The v2 accounts methods, registered in v2-methods.registry.ts. */
export const ACCOUNTS_METHODS: readonly V2Method[] = [
  getAddressBalance,
  getAddressState,
  getWalletInformation,
  getExtendedAddressInformation,
  getTokenData,
  getShardAccountCell,
  dnsResolve,
];
