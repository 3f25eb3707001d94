import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell, Dictionary } from '@ton/core';
import { dnsCategoryOf, decodeDnsName, encodeDnsName, readDnsRecord } from './dns-records';
import { type DnsStepRunner, resolveDns } from './dns-resolver';

const ROOT = new Address(-1, Buffer.alloc(32, 1));
const TON = new Address(0, Buffer.alloc(32, 2));
const ALICE = new Address(0, Buffer.alloc(32, 3));
const WALLET = new Address(0, Buffer.alloc(32, 4));
const ZERO = Buffer.alloc(32);

function nextResolver(address: Address): Cell {
  return beginCell().storeUint(0xba93, 16).storeAddress(address).endCell();
}

function smcAddress(address: Address): Cell {
  return beginCell().storeUint(0x9fd3, 16).storeAddress(address).storeUint(0, 8).endCell();
}

function records(entries: [string, Cell][]): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  for (const [name, record] of entries) {
    dict.set(BigInt(`0x${dnsCategoryOf(name).toString('hex')}`), record);
  }
  return beginCell().storeDictDirect(dict).endCell();
}

/**
 * A root that resolves `.ton`, a `.ton` collection that resolves `alice` and alice's item that
 * resolves its `wallet` subdomain fully with a wallet record: TEP-81 resolvers, each answering the
 * part of the name it knows.
 */
const chain: DnsStepRunner = (resolver, name) => {
  const starts = (prefix: string) =>
    name.subarray(0, prefix.length).equals(Buffer.from(prefix, 'latin1'));
  if (resolver.equals(ROOT) && starts('\0ton\0')) {
    return Promise.resolve({ exitCode: 0, resolvedBits: 40n, value: nextResolver(TON) });
  }
  if (resolver.equals(TON) && starts('alice\0') && name.length > 6) {
    return Promise.resolve({ exitCode: 0, resolvedBits: 48n, value: nextResolver(ALICE) });
  }
  if (resolver.equals(ALICE) && name.equals(Buffer.from('wallet\0', 'latin1'))) {
    return Promise.resolve({
      exitCode: 0,
      resolvedBits: 56n,
      value: records([['wallet', smcAddress(WALLET)]]),
    });
  }
  return Promise.resolve({ exitCode: 0, resolvedBits: 0n, value: null });
};

describe('DNS names', () => {
  it('encodes and decodes names as tonlib does', () => {
    assert.equal(encodeDnsName(Buffer.from('alice.ton.')).toString('latin1'), '\0ton\0alice\0');
    assert.equal(encodeDnsName(Buffer.from('alice')).toString('latin1'), 'alice\0');
    assert.equal(encodeDnsName(Buffer.from('.')).toString('latin1'), '\0');
    assert.equal(encodeDnsName(Buffer.from('')).toString('latin1'), '\0');
    assert.equal(decodeDnsName(Buffer.from('\0ton\0', 'latin1')).toString(), '.ton.');
  });

  it('reads the record kinds tonlib reads and leaves out the others', () => {
    assert.deepEqual(readDnsRecord(smcAddress(WALLET)), {
      '@type': 'dns.entryDataSmcAddress',
      smc_address: {
        '@type': 'accountAddress',
        account_address: WALLET.toString({ bounceable: true, urlSafe: true }),
      },
    });
    const text = beginCell().storeUint(0x1eda, 16).storeUint(1, 8).storeUint(2, 8);
    assert.deepEqual(readDnsRecord(text.storeBuffer(Buffer.from('hi')).endCell()), {
      '@type': 'dns.entryDataText',
      text: 'hi',
    });
    const bag = beginCell().storeUint(0x7473, 16).storeBuffer(Buffer.alloc(32, 0xab)).endCell();
    assert.deepEqual(readDnsRecord(bag), {
      '@type': 'dns.entryDataStorageAddress',
      bag_id: 'ab'.repeat(32),
    });
    const adnl = readDnsRecord(
      beginCell().storeUint(0xad01, 16).storeBuffer(Buffer.alloc(32, 7)).storeUint(0, 8).endCell(),
    );
    assert.ok(adnl?.['@type'] === 'dns.entryDataAdnlAddress');
    // 35 bytes (0x2d, the id, its CRC16) in base32 are 56 letters; tonlib drops the first.
    assert.match(adnl.adnl_address.adnl_address, /^[a-z2-7]{55}$/);
    assert.equal(readDnsRecord(beginCell().storeUint(0x1234, 16).endCell()), undefined);
    assert.equal(readDnsRecord(beginCell().storeUint(0x9f, 8).endCell()), undefined);
  });
});

describe('resolveDns', () => {
  it('answers the first resolver when ttl is 0: the next resolver of the resolved suffix', async () => {
    assert.deepEqual(await resolveDns(chain, ROOT, Buffer.from('alice.ton.'), ZERO, 0), {
      '@type': 'dns.resolved',
      entries: [
        {
          '@type': 'dns.entry',
          name: '.ton.',
          category: dnsCategoryOf('dns_next_resolver').toString('base64'),
          entry: {
            '@type': 'dns.entryDataNextResolver',
            resolver: {
              '@type': 'accountAddress',
              account_address: TON.toString({ bounceable: true, urlSafe: true }),
            },
          },
        },
      ],
    });
  });

  it('follows next resolvers while ttl lasts, with the rest of the name', async () => {
    const name = Buffer.from('wallet.alice.ton.');
    // root → .ton collection (rest "wallet.alice") → alice's item (rest "wallet"), resolved fully.
    assert.deepEqual(await resolveDns(chain, ROOT, name, ZERO, 5), {
      '@type': 'dns.resolved',
      entries: [
        {
          '@type': 'dns.entry',
          name: 'wallet',
          category: dnsCategoryOf('wallet').toString('base64'),
          entry: {
            '@type': 'dns.entryDataSmcAddress',
            smc_address: {
              '@type': 'accountAddress',
              account_address: WALLET.toString({ bounceable: true, urlSafe: true }),
            },
          },
        },
      ],
    });
    // One step fewer: alice's item as the next resolver of the rest, unfollowed.
    const once = await resolveDns(chain, ROOT, name, ZERO, 1);
    assert.deepEqual(
      once.entries.map((e) => [e.name, e.entry['@type']]),
      [['.alice', 'dns.entryDataNextResolver']],
    );
  });

  it('refuses a next resolver whose resolved part is not a suffix of the name', async () => {
    const bad: DnsStepRunner = () =>
      Promise.resolve({ exitCode: 0, resolvedBits: 24n, value: nextResolver(TON) });
    await assert.rejects(resolveDns(bad, ROOT, Buffer.from('alice.ton.'), ZERO, 1), {
      message: 'domain is not a suffix of the query',
    });
  });

  it('refuses a failed get-method and a prefix that is not whole bytes', async () => {
    const failed: DnsStepRunner = () =>
      Promise.resolve({ exitCode: 11, resolvedBits: 0n, value: null });
    await assert.rejects(resolveDns(failed, ROOT, Buffer.from('x.'), ZERO, 0), {
      message: 'get method failed',
    });
    const odd: DnsStepRunner = () =>
      Promise.resolve({ exitCode: 0, resolvedBits: 7n, value: nextResolver(TON) });
    await assert.rejects(resolveDns(odd, ROOT, Buffer.from('x.'), ZERO, 0), {
      message: 'Prefix size is not divisible by 8',
    });
  });
});
