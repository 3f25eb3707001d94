import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell, Dictionary, type TupleItem } from '@ton/core';
import { ContractProbes } from './contract-probes';
import { DNS_ZONES } from './dns-zones';
import { TableMethods } from '../testing/table-methods';

/** The table's get-methods, each call noted with its address and argument types. */
const tableMethods = (table: Record<string, Record<string, TupleItem[]>>): TableMethods =>
  new TableMethods(
    table,
    (address, method, args) => `${address} ${method} ${JSON.stringify(args.map((a) => a.type))}`,
  );

const addr = (n: number): Address => new Address(0, Buffer.alloc(32, n));
const raw = (a: Address): string => a.toRawString().toUpperCase();
const ITEM = raw(addr(1));
const slice = (cell: Cell): TupleItem => ({ type: 'slice', cell });
const addressSlice = (a: Address | null): TupleItem => slice(beginCell().storeAddress(a).endCell());
const int = (value: bigint): TupleItem => ({ type: 'int', value });
const category = (name: string): bigint =>
  BigInt(`0x${createHash('sha256').update(name).digest('hex')}`);

function records(entries: [string, Cell][]): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  for (const [name, value] of entries) {
    dict.set(category(name), value);
  }
  return beginCell().storeDictDirect(dict).endCell();
}

const ADNL = Buffer.alloc(32, 0xab);
const BAG = Buffer.alloc(32, 0x0c);
const ALL_RECORDS = records([
  ['wallet', beginCell().storeUint(0x9fd3, 16).storeAddress(addr(7)).storeUint(0, 8).endCell()],
  ['dns_next_resolver', beginCell().storeUint(0xba93, 16).storeAddress(addr(8)).endCell()],
  ['site', beginCell().storeUint(0xad01, 16).storeBuffer(ADNL).storeUint(0, 8).endCell()],
  ['storage', beginCell().storeUint(0x7473, 16).storeBuffer(BAG).endCell()],
]);
const TON_ROOT = Address.parse('EQC3dNlesgVD8YbAazcauIrXBPfiVhMMr5YYk2in0Mtsz0Bz');
const T_ME_ROOT = Address.parse('EQCA14o1-VWhS2efqoh_9M1b_A9DtKTuoqfmkn83AbJzwnPi');
const TESTNET_TON_ROOT = Address.parse('EQDjPtM6QusgMgWfl9kMcG-EALslbTITnKcH8VZK1pnH3UZA');

void describe('ContractProbes.dnsItem (TEP-81)', () => {
  const nftData = (collection: Address | null): TupleItem[] => [
    int(-1n),
    int(5n),
    addressSlice(collection),
    addressSlice(addr(2)),
    { type: 'cell', cell: beginCell().endCell() },
  ];
  const resolve = (dict: Cell | null): TupleItem[] => [
    int(8n),
    dict === null ? { type: 'null' } : { type: 'cell', cell: dict },
  ];
  const domain = (name: string): TupleItem[] => [
    slice(beginCell().storeStringTail(name).endCell()),
  ];

  /** The collection's get_nft_address_by_index, deriving `item` for every index. */
  const derives = (item: Address): Record<string, TupleItem[]> => ({
    get_nft_address_by_index: [addressSlice(item)],
  });

  void it('reads the four records of an item of the .ton collection, whose domain gets ".ton"', async () => {
    const methods = tableMethods({
      [ITEM]: {
        get_domain: domain('alice'),
        get_nft_data: nftData(TON_ROOT),
        dnsresolve: resolve(ALL_RECORDS),
      },
      [raw(TON_ROOT)]: derives(addr(1)),
    });
    assert.deepEqual(await new ContractProbes(methods).dnsItem(ITEM, 10), {
      owner: raw(addr(2)),
      domain: 'alice.ton',
      wallet: raw(addr(7)),
      nextResolver: raw(addr(8)),
      siteAdnl: ADNL.toString('hex').toUpperCase(),
      storageBagId: BAG.toString('hex').toUpperCase(),
    });
    // dnsresolve asks for all the records of the domain itself: subdomain "\0", category 0.
    assert.ok(methods.calls.includes(`${ITEM} dnsresolve ["slice","int"]`));
    // The item is verified by the collection for its index (5) before its domain is read.
    assert.ok(methods.calls.includes(`${raw(TON_ROOT)} get_nft_address_by_index ["int"]`));
  });

  void it('a Telegram username: get_full_domain "me\\0t\\0alice\\0" is alice.t.me, no get_domain', async () => {
    const methods = tableMethods({
      [ITEM]: {
        get_full_domain: [slice(beginCell().storeBuffer(Buffer.from('me\0t\0alice\0')).endCell())],
        get_nft_data: nftData(T_ME_ROOT),
        dnsresolve: resolve(
          records([
            [
              'wallet',
              beginCell().storeUint(0x9fd3, 16).storeAddress(addr(2)).storeUint(0, 8).endCell(),
            ],
          ]),
        ),
      },
      [raw(T_ME_ROOT)]: derives(addr(1)),
    });
    assert.deepEqual(await new ContractProbes(methods).dnsItem(ITEM, 10), {
      owner: raw(addr(2)),
      domain: 'alice.t.me',
      wallet: raw(addr(2)),
      nextResolver: null,
      siteAdnl: null,
      storageBagId: null,
    });
    assert.deepEqual(
      methods.calls.filter((c) => c.startsWith(ITEM)).map((c) => c.split(' ')[1]),
      ['get_nft_data', 'get_full_domain', 'dnsresolve'],
    );
  });

  void it('is not a DNS item: a DNS collection item its collection does not derive', async () => {
    const forged = tableMethods({
      [ITEM]: {
        get_domain: domain('alice'),
        get_nft_data: nftData(TON_ROOT),
        dnsresolve: resolve(ALL_RECORDS),
      },
      [raw(TON_ROOT)]: derives(addr(99)),
    });
    assert.equal(await new ContractProbes(forged).dnsItem(ITEM, 10), null);
  });

  void it('is not a DNS item: dnsresolve("\\0") resolving other than its 8 bits', async () => {
    const methods = tableMethods({
      [ITEM]: {
        get_domain: domain('alice'),
        get_nft_data: nftData(TON_ROOT),
        dnsresolve: [int(0n), { type: 'cell', cell: ALL_RECORDS }],
      },
      [raw(TON_ROOT)]: derives(addr(1)),
    });
    assert.equal(await new ContractProbes(methods).dnsItem(ITEM, 10), null);
  });

  void it('a standalone resolver: owner from get_owner_address, the domain as it is, no records', async () => {
    const methods = tableMethods({
      [ITEM]: {
        get_domain: domain('localnet'),
        get_owner_address: [addressSlice(addr(3))],
        dnsresolve: resolve(null),
      },
    });
    assert.deepEqual(await new ContractProbes(methods).dnsItem(ITEM, 10), {
      owner: raw(addr(3)),
      domain: 'localnet',
      wallet: null,
      nextResolver: null,
      siteAdnl: null,
      storageBagId: null,
    });
  });

  void it('is not a DNS item: an NFT of another collection, no domain method of its zone, or no dnsresolve', async () => {
    const other = tableMethods({
      [ITEM]: {
        get_domain: domain('x'),
        get_nft_data: nftData(addr(9)),
        dnsresolve: resolve(null),
      },
      [raw(addr(9))]: derives(addr(1)),
    });
    assert.equal(await new ContractProbes(other).dnsItem(ITEM, 10), null);
    const none = tableMethods({
      [ITEM]: { get_nft_data: nftData(TON_ROOT), dnsresolve: resolve(null) },
      [raw(TON_ROOT)]: derives(addr(1)),
    });
    assert.equal(await new ContractProbes(none).dnsItem(ITEM, 10), null);
    // A username is named by get_full_domain alone; a get_domain answer does not stand in for it.
    const telemint = tableMethods({
      [ITEM]: {
        get_domain: domain('x'),
        get_nft_data: nftData(T_ME_ROOT),
        dnsresolve: resolve(null),
      },
      [raw(T_ME_ROOT)]: derives(addr(1)),
    });
    assert.equal(await new ContractProbes(telemint).dnsItem(ITEM, 10), null);
    const noResolve = tableMethods({
      [ITEM]: { get_domain: domain('x'), get_owner_address: [addressSlice(addr(3))] },
    });
    assert.equal(await new ContractProbes(noResolve).dnsItem(ITEM, 10), null);
  });

  void it("the network's zones: testnet's .ton root only under testnet, no .t.me on testnet", async () => {
    const testnetItem = tableMethods({
      [ITEM]: {
        get_domain: domain('alice'),
        get_nft_data: nftData(TESTNET_TON_ROOT),
        dnsresolve: resolve(null),
      },
      [raw(TESTNET_TON_ROOT)]: derives(addr(1)),
    });
    assert.deepEqual(await new ContractProbes(testnetItem, DNS_ZONES.testnet).dnsItem(ITEM, 10), {
      owner: raw(addr(2)),
      domain: 'alice.ton',
      wallet: null,
      nextResolver: null,
      siteAdnl: null,
      storageBagId: null,
    });
    assert.equal(await new ContractProbes(testnetItem, DNS_ZONES.mainnet).dnsItem(ITEM, 10), null);
    // The default is mainnet's list.
    assert.equal(await new ContractProbes(testnetItem).dnsItem(ITEM, 10), null);

    const username = tableMethods({
      [ITEM]: {
        get_full_domain: [slice(beginCell().storeBuffer(Buffer.from('me\0t\0alice\0')).endCell())],
        get_nft_data: nftData(T_ME_ROOT),
        dnsresolve: resolve(null),
      },
      [raw(T_ME_ROOT)]: derives(addr(1)),
    });
    assert.equal((await new ContractProbes(username).dnsItem(ITEM, 10))?.domain, 'alice.t.me');
    assert.equal(await new ContractProbes(username, DNS_ZONES.testnet).dnsItem(ITEM, 10), null);
    // Nor is mainnet's .ton root a DNS collection on testnet.
    const mainnetTon = tableMethods({
      [ITEM]: {
        get_domain: domain('alice'),
        get_nft_data: nftData(TON_ROOT),
        dnsresolve: resolve(null),
      },
      [raw(TON_ROOT)]: derives(addr(1)),
    });
    assert.equal(await new ContractProbes(mainnetTon, DNS_ZONES.testnet).dnsItem(ITEM, 10), null);
  });

  void it('ignores a record of another kind under a known category', async () => {
    const methods = tableMethods({
      [ITEM]: {
        get_domain: domain('bob'),
        get_owner_address: [addressSlice(addr(3))],
        dnsresolve: resolve(
          records([['wallet', beginCell().storeUint(0xba93, 16).storeAddress(addr(8)).endCell()]]),
        ),
      },
    });
    const entry = await new ContractProbes(methods).dnsItem(ITEM, 10);
    assert.equal(entry?.wallet, null);
  });
});

void describe('ContractProbes multisig v2 and vesting', () => {
  const members = (list: Address[]): Cell => {
    const dict = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Address());
    list.forEach((a, i) => dict.set(i, a));
    return beginCell().storeDictDirect(dict).endCell();
  };
  const MULTISIG = raw(addr(20));
  const ORDER = raw(addr(21));
  const orderData: TupleItem[] = [
    addressSlice(addr(20)),
    int(4n),
    int(2n),
    int(-1n),
    { type: 'cell', cell: members([addr(5), addr(4)]) },
    int(3n),
    int(2n),
    int(4_000_000_000n),
    { type: 'cell', cell: beginCell().storeUint(1, 8).endCell() },
  ];

  void it('get_multisig_data: signers and proposers by index, none when the dictionary is null', async () => {
    const methods = tableMethods({
      [MULTISIG]: {
        get_multisig_data: [
          int(7n),
          int(2n),
          { type: 'cell', cell: members([addr(5), addr(4), addr(6)]) },
          { type: 'null' },
        ],
      },
    });
    assert.deepEqual(await new ContractProbes(methods).multisig(MULTISIG, 1), {
      nextOrderSeqno: 7n,
      threshold: 2n,
      signers: [addr(5), addr(4), addr(6)].map(raw),
      proposers: [],
    });
  });

  void it('get_order_data, verified by the multisig deriving the same order address', async () => {
    const methods = tableMethods({
      [ORDER]: { get_order_data: orderData },
      [MULTISIG]: { get_order_address: [addressSlice(addr(21))] },
    });
    assert.deepEqual(await new ContractProbes(methods).multisigOrder(ORDER, 1), {
      multisig: MULTISIG,
      orderSeqno: 4n,
      threshold: 2n,
      sentForExecution: true,
      approvalsMask: 3n,
      approvalsNum: 2n,
      expirationDate: 4_000_000_000n,
      orderBoc: beginCell().storeUint(1, 8).endCell().toBoc().toString('base64'),
      signers: [addr(5), addr(4)].map(raw),
    });
    const forged = tableMethods({
      [ORDER]: { get_order_data: orderData },
      [MULTISIG]: { get_order_address: [addressSlice(addr(99))] },
    });
    assert.equal(await new ContractProbes(forged).multisigOrder(ORDER, 1), null);
  });

  void it('get_vesting_data with the HashmapE 267 whitelist read into addresses', async () => {
    const whitelist = Dictionary.empty(Dictionary.Keys.BigUint(267), {
      serialize: () => undefined,
      parse: () => true,
    });
    for (const a of [addr(31), addr(30)]) {
      const key = beginCell().storeAddress(a).endCell().beginParse().loadUintBig(267);
      whitelist.set(key, true);
    }
    const VESTING = raw(addr(40));
    const methods = tableMethods({
      [VESTING]: {
        get_vesting_data: [
          int(1_700_000_000n),
          int(126_144_000n),
          int(2_592_000n),
          int(31_536_000n),
          int(10_000_000_000n),
          addressSlice(addr(41)),
          addressSlice(addr(42)),
          { type: 'cell', cell: beginCell().storeDictDirect(whitelist).endCell() },
        ],
      },
    });
    assert.deepEqual(await new ContractProbes(methods).vesting(VESTING, 1), {
      startTime: 1_700_000_000n,
      totalDuration: 126_144_000n,
      unlockPeriod: 2_592_000n,
      cliffDuration: 31_536_000n,
      totalAmount: 10_000_000_000n,
      sender: raw(addr(41)),
      owner: raw(addr(42)),
      whitelist: [addr(30), addr(31)].map(raw),
    });
    assert.equal(await new ContractProbes(tableMethods({})).vesting(VESTING, 1), null);
  });
});
