import { describe } from 'node:test';
import { bootOnce } from './support/boot-once';
import { startV3Harness } from './support/v3-harness';
import { accountsAndMetadataCases } from './v3-tokens/accounts-and-metadata.cases';
import { decodedMessageCases } from './v3-tokens/decoded-messages.cases';
import { dnsMultisigVestingCases } from './v3-tokens/dns-multisig-vesting.cases';
import { jettonCases } from './v3-tokens/jettons.cases';
import { nftCases } from './v3-tokens/nfts.cases';
import { tokenRows } from './v3-tokens/token-rows';

/**
 * The v3 Jetton, NFT, account, DNS, multisig and vesting endpoints over the genesis seed, decoded with
 * interface detection, against the seed's own constants (apps/localnet seeds GENESIS). One boot for
 * all the cases, in this order.
 */
void describe('v3 API: tokens and contracts of the genesis seed (single process, real PostgreSQL)', () => {
  const rows = tokenRows(bootOnce(() => startV3Harness({ traffic: false, interfaces: true })));
  jettonCases(rows);
  nftCases(rows);
  dnsMultisigVestingCases(rows);
  accountsAndMetadataCases(rows);
  decodedMessageCases(rows);
});
