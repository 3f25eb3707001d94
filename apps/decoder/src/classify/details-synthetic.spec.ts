/**
 * v3 details of the action types no golden mainnet trace covers (DNS record changes, NFT discovery,
 * the tgBTC log-only mint and new-key fallbacks), each from the classifier's output on a synthetic
 * trace whose bodies are real TL-B built with @ton/core (TL-B from ton-blockchain's `dns.tlb`, the NFT
 * standard TEP-62 and tgBTC's teleport logs). Keys and order are ton-index-go's
 * `ActionDetailsChangeDns`, `ActionDetailsDeleteDns`, `ActionDetailsRenewDns`,
 * `ActionDetailsNftDiscovery` and `ActionDetailsTgbtc*` structs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder } from '@ton/core';
import { type ApiJson, renderActionDetails } from '@app/actions';
import {
  type AccountInterfaces,
  type ClassifiableTrace,
  classifyTrace,
  defaultRegistry,
} from '@app/classify';
import {
  type Hop,
  syntheticTrace,
  testAddress,
  walletSends,
} from '../../../../libs/classify/src/testing/synthetic-trace';

const WALLET = testAddress(0, 'a');
const OTHER = testAddress(0, 'b');
const ITEM = testAddress(0, 'c');
const COLLECTION = testAddress(0, 'd');
const TELEPORT = testAddress(0, 'e');
const COORDINATOR = testAddress(0, 'f');

/** The details of the one action of `type` the classifier finds in `trace`. */
function renderedDetails(
  trace: ClassifiableTrace,
  type: string,
): Record<string, ApiJson> | undefined {
  const found = classifyTrace(trace, defaultRegistry).actions.filter((a) => a.type === type);
  const action = found[0];
  assert.ok(action !== undefined && found.length === 1, `one ${type}`);
  return renderActionDetails(type, action);
}

/** Equal values, keys in ton-index-go's struct order. */
function assertDetails(
  actual: Record<string, ApiJson> | undefined,
  expected: Record<string, ApiJson>,
): void {
  assert.deepEqual(actual, expected);
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), 'key order');
}

const op = (code: number): Builder => beginCell().storeUint(code, 32).storeUint(7n, 64);

const dnsItem: Record<string, AccountInterfaces> = {
  [ITEM]: {
    nft_item: {
      address: ITEM,
      init: true,
      index: 3n,
      collection_address: COLLECTION,
      owner_address: WALLET,
      content: null,
      code_hash: null,
    },
  },
};

/** change_dns_record#4eb1f0f9 query_id:uint64 key:bits256 value:(Maybe ^DNSRecord), to the item. */
function changeRecord(key: Buffer, value: Builder | null): Hop {
  const body = op(0x4eb1f0f9).storeBuffer(key);
  return walletSends(WALLET, { to: ITEM, body: (value ? body.storeRef(value) : body).endCell() });
}

const KEY = Buffer.alloc(32, 0xab);

void describe('DNS record action details (synthetic traces)', () => {
  void it('change_dns of a smart-contract address: dns_smc_address and its flags', () => {
    const value = beginCell()
      .storeUint(0x9fd3, 16)
      .storeAddress(Address.parse(OTHER))
      .storeUint(1, 8);
    const trace = syntheticTrace(changeRecord(KEY, value), dnsItem);
    assertDetails(renderedDetails(trace, 'change_dns'), {
      key: KEY.toString('hex'),
      value: {
        sum_type: 'DNSSmcAddress',
        dns_smc_address: OTHER,
        dns_adnl_address: null,
        dns_text: null,
        dns_next_resolver_address: null,
        dns_storage_address: null,
        flags: 1,
      },
      source: WALLET,
      asset: ITEM,
      nft_collection: COLLECTION,
    });
  });

  void it('change_dns of a text: ton-index-go prints the text as dns_storage_address', () => {
    const text = Buffer.from('hello dns');
    const value = beginCell()
      .storeUint(0x1eda, 16)
      .storeUint(1, 8)
      .storeUint(text.length, 8)
      .storeBuffer(text);
    const trace = syntheticTrace(changeRecord(KEY, value), dnsItem);
    assertDetails(renderedDetails(trace, 'change_dns'), {
      key: KEY.toString('hex'),
      value: {
        sum_type: 'DNSText',
        dns_smc_address: null,
        dns_adnl_address: null,
        dns_text: null,
        dns_next_resolver_address: null,
        dns_storage_address: 'hello dns',
        flags: null,
      },
      source: WALLET,
      asset: ITEM,
      nft_collection: COLLECTION,
    });
  });

  void it('change_dns of an ADNL address: its hex and flags', () => {
    const adnl = Buffer.alloc(32, 0x5c);
    const value = beginCell().storeUint(0xad01, 16).storeBuffer(adnl).storeUint(0, 8);
    const trace = syntheticTrace(changeRecord(KEY, value), dnsItem);
    assertDetails(renderedDetails(trace, 'change_dns'), {
      key: KEY.toString('hex'),
      value: {
        sum_type: 'DNSAdnlAddress',
        dns_smc_address: null,
        dns_adnl_address: adnl.toString('hex'),
        dns_text: null,
        dns_next_resolver_address: null,
        dns_storage_address: null,
        flags: 0,
      },
      source: WALLET,
      asset: ITEM,
      nft_collection: COLLECTION,
    });
  });

  void it('delete_dns: the key printed as hash; an item without a collection has none', () => {
    // an account not known as an NFT item fails the trace instead (toncenter's filler reads the
    // collection key the matcher sets only for a known item: libs/classify families/dns.ts)
    const item = dnsItem[ITEM]?.nft_item;
    assert.ok(item);
    const bare = { [ITEM]: { nft_item: { ...item, collection_address: null } } };
    const trace = syntheticTrace(changeRecord(KEY, null), bare);
    assertDetails(renderedDetails(trace, 'delete_dns'), {
      hash: KEY.toString('hex'),
      source: WALLET,
      asset: ITEM,
      nft_collection: null,
    });
  });

  void it('renew_dns: the zero key without a value', () => {
    const trace = syntheticTrace(changeRecord(Buffer.alloc(32), null), dnsItem);
    assertDetails(renderedDetails(trace, 'renew_dns'), {
      source: WALLET,
      asset: ITEM,
      nft_collection: COLLECTION,
    });
  });
});

void describe('nft_discovery details (synthetic trace)', () => {
  void it('get_static_data answered by report_static_data: collection and index of the report', () => {
    // report_static_data#8b771735 query_id:uint64 index:uint256 collection:MsgAddress
    const report = op(0x8b771735).storeUint(3n, 256).storeAddress(Address.parse(COLLECTION));
    const trace = syntheticTrace(
      walletSends(WALLET, {
        to: ITEM,
        body: op(0x2fcb26a2).endCell(),
        children: [{ from: ITEM, to: WALLET, body: report.endCell() }],
      }),
    );
    assertDetails(renderedDetails(trace, 'nft_discovery'), {
      source: WALLET,
      nft_item: ITEM,
      nft_collection: COLLECTION,
      nft_item_index: '3',
    });
  });
});

void describe('tgBTC log-only fallbacks (synthetic traces)', () => {
  const log = (body: Builder, from: string): Hop => ({
    from: null,
    to: from,
    children: [{ from, to: OTHER, body: body.endCell() }],
  });

  void it('tgbtc_mint_fallback: the mint log alone; no jetton, no recipient wallet', () => {
    // mint#77a80ef3 amount:Coins recipient_address:MsgAddress bitcoin_txid:uint256 (little-endian)
    const body = beginCell()
      .storeUint(0x77a80ef3, 32)
      .storeCoins(9850n)
      .storeAddress(Address.parse(WALLET))
      .storeUint(0x0102n, 256);
    assertDetails(renderedDetails(syntheticTrace(log(body, TELEPORT)), 'tgbtc_mint_fallback'), {
      source: TELEPORT,
      destination: WALLET,
      amount: '9850',
      asset: null,
      bitcoin_tx_id: `0201${'00'.repeat(30)}`,
      destination_wallet: null,
    });
  });

  void it('tgbtc_new_key_fallback: the new-key log alone; no teleport', () => {
    // new_key#27756729 amount:Coins new_internal_pubkey:uint256 pegout_address:MsgAddress
    const body = beginCell()
      .storeUint(0x27756729, 32)
      .storeCoins(425n)
      .storeUint(0xabcdefn, 256)
      .storeAddress(Address.parse(OTHER));
    assertDetails(
      renderedDetails(syntheticTrace(log(body, COORDINATOR)), 'tgbtc_new_key_fallback'),
      {
        source: null,
        pubkey: 'abcdef',
        coordinator: COORDINATOR,
        pegout: OTHER,
        amount: '425',
        asset: null,
      },
    );
  });
});
