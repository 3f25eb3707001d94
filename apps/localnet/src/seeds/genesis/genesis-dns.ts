import { internal, toNano } from '@ton/core';
import { DnsItem, dnsCategory, dnsSmcAddressRecord } from '../../contracts';
import type { SeedAccount, SeedContext } from '../seed-context';
import { type SeedWallet } from '../seed-wallet';
import { GENESIS, GenesisAccount } from './genesis-values';
import { settleAndCheckSeqnos } from './genesis-step';

/** A DNS-like item "localnet" owned by v5r1, whose "wallet" record is set by a change_dns_record. */
export async function genesisDns(
  ctx: SeedContext,
  v5: SeedWallet,
  wallets: SeedWallet[],
): Promise<SeedAccount> {
  const item = await DnsItem.createFromConfig({ owner: v5.address, domain: GENESIS.dns.domain });
  const body = DnsItem.changeRecordBody(
    dnsCategory('wallet'),
    dnsSmcAddressRecord(v5.address),
    30n,
  );
  v5.transfer(ctx, [internal({ to: item.address, value: toNano('0.1'), init: item.init, body })]);
  await settleAndCheckSeqnos(ctx, wallets);
  return {
    name: GenesisAccount.dnsItem,
    kind: 'dns-item',
    address: item.address,
    owner: v5.address,
  };
}
