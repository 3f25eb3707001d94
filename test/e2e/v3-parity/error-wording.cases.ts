import { it } from 'node:test';
import { type ParityFixture, refused } from './parity-requests';

/** toncenter's 422 wording for the same conditions. */
export function errorWordingCases(fixture: () => ParityFixture): void {
  void it("toncenter's 422 wording for the same conditions", async () => {
    const { h, wallet } = fixture();
    refused(
      await h.get('v3/multisig/wallets', {}),
      'At least one of address or wallet_address should be specified',
    );
    refused(
      await h.get('v3/multisig/orders', {}),
      'At least one of address or multisig_address should be specified',
    );
    refused(await h.get('v3/dns/records', {}), 'either wallet address or domain is required');
    refused(
      await h.get('v3/dns/records', { wallet, domain: 'foundation.ton' }),
      'provide either wallet address or domain, not both',
    );
    refused(
      await h.get('v3/vesting', {}),
      'at least one of contract_address or wallet_address is required',
    );
    refused(
      await h.get('v3/vesting', { contract_address: wallet, wallet_address: wallet }),
      'only one of contract_address or wallet_address should be specified',
    );
    refused(
      await h.get('v3/nft/items', { collection_address: wallet, index: '1x' }),
      'index should contain digits only',
    );
    refused(
      await h.get('v3/nft/items', { collection_address: [wallet, wallet] }),
      'exact one owner_address required for multiple collection_address',
    );
    refused(
      await h.get('v3/jetton/wallets', { jetton_address: [wallet, wallet] }),
      'exact one owner_address required for multiple jetton_address',
    );
    refused(await h.get('v3/accountStates', {}), 'address of account is required');
    refused(await h.get('v3/walletStates', {}), 'address of account is required');
    refused(await h.get('v3/addressBook', {}), 'at least 1 address required');
    refused(await h.get('v3/metadata', {}), 'at least 1 address required');
    refused(await h.get('v3/pendingTransactions', {}), 'at least 1 account address required');
    refused(await h.get('v3/transactions', { sort: 'up' }), 'wrong value for sort parameter');
    refused(
      await h.post('v3/runGetMethod', { address: wallet, method: 85143 }),
      'method must be a string',
    );
  });
}
