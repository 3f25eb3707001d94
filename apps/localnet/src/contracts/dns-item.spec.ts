import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import {
  DnsItem,
  dnsCategory,
  dnsSmcAddressRecord,
  readDnsSmcAddressRecord,
} from './dns-item.contract';
import { exitCode, succeeded, transactionTo } from './sandbox-transactions';

void describe('DNS-like item (TEP-81 dnsresolve)', () => {
  let blockchain: Blockchain;
  let owner: SandboxContract<TreasuryContract>;
  let other: SandboxContract<TreasuryContract>;
  let item: SandboxContract<DnsItem>;
  const wallet = dnsCategory('wallet');

  before(async () => {
    blockchain = await Blockchain.create();
    owner = await blockchain.treasury('dns-owner');
    other = await blockchain.treasury('dns-other');
    item = blockchain.openContract(
      await DnsItem.createFromConfig({ owner: owner.address, domain: 'alice' }),
    );
    await owner.send({ to: item.address, value: toNano('0.05'), init: item.init });
  });

  void it('holds its domain and owner', async () => {
    assert.equal(await item.getDomain(), 'alice');
    assert.equal((await item.getOwnerAddress()).toRawString(), owner.address.toRawString());
  });

  void it('sets a record for its owner only and resolves it for "\\0"', async () => {
    const refused = await item.sendChangeRecord(
      other.getSender(),
      toNano('0.05'),
      wallet,
      dnsSmcAddressRecord(other.address),
    );
    assert.equal(exitCode(transactionTo(refused.transactions, item.address) ?? assert.fail()), 401);
    const set = await item.sendChangeRecord(
      owner.getSender(),
      toNano('0.05'),
      wallet,
      dnsSmcAddressRecord(owner.address),
    );
    assert.ok(succeeded(transactionTo(set.transactions, item.address) ?? assert.fail()));

    const resolved = await item.getResolve(Buffer.from([0]), wallet);
    assert.equal(resolved.resolvedBits, 8);
    assert.equal(
      readDnsSmcAddressRecord(resolved.value ?? assert.fail()).toRawString(),
      owner.address.toRawString(),
    );
    const missing = await item.getResolve(Buffer.from([0]), dnsCategory('site'));
    assert.deepEqual(missing, { resolvedBits: 8, value: null });
    const all = await item.getResolve(Buffer.from([0]), 0n);
    assert.ok(all.value !== null);
  });

  void it('deletes a record with an empty value', async () => {
    await item.sendChangeRecord(owner.getSender(), toNano('0.05'), wallet, null);
    assert.deepEqual(await item.getResolve(Buffer.from([0]), wallet), {
      resolvedBits: 8,
      value: null,
    });
  });

  void it('delegates a deeper subdomain to dns_next_resolver', async () => {
    const next = dnsCategory('dns_next_resolver');
    const resolver = dnsSmcAddressRecord(other.address);
    await item.sendChangeRecord(owner.getSender(), toNano('0.05'), next, resolver);
    const resolved = await item.getResolve(Buffer.from('\0sub\0', 'latin1'), wallet);
    assert.equal(resolved.resolvedBits, 8);
    assert.equal(resolved.value?.hash().toString('hex'), resolver.hash().toString('hex'));
  });
});
