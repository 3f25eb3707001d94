/**
 * The v1/v2 action types of classifier part 5, each on a synthetic trace with real TL-B bodies built with
 * @ton/core. Every case names the toncenter rule it pins (ton-indexer `indexer/events/blocks/*.py`,
 * `block_tree_serializer.py`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell } from '@ton/core';
import type { AccountInterfaces } from '../trace-model';
import { classifyOk as classify, onlyAction as only } from '../testing/classified';
import { syntheticTrace as trace, testAddress, walletSends } from '../testing/synthetic-trace';

const addr = testAddress;
const WALLET = addr(0, 'a');
const OTHER = addr(0, 'b');
const ITEM = addr(0, 'c');
const COLLECTION = addr(0, 'd');
const ELECTOR = addr(-1, '3');
const PLUGIN = addr(0, '1');
const BENEFICIARY = addr(0, '2');
const AUCTION = addr(0, '7');

function address(raw: string): Address {
  return Address.parse(raw);
}

const op = (code: number, queryId = 7n) => beginCell().storeUint(code, 32).storeUint(queryId, 64);
const nftItem = (address: string): AccountInterfaces => ({
  nft_item: {
    address,
    init: true,
    index: 3n,
    collection_address: COLLECTION,
    owner_address: WALLET,
    content: null,
    code_hash: null,
  },
});

describe('DNS records (dns.py ChangeDnsRecordMatcher)', () => {
  const key = Buffer.alloc(32, 0xab);
  it('change_dns: a value ref → change_dns with the record decoded (DNSSmcAddress: value + flags)', () => {
    const value = beginCell().storeUint(0x9fd3, 16).storeAddress(address(OTHER)).storeUint(0, 8);
    const body = op(0x4eb1f0f9).storeBuffer(key).storeRef(value).endCell();
    const a = only(
      classify(trace(walletSends(WALLET, { to: ITEM, body }), { [ITEM]: nftItem(ITEM) })),
      'change_dns',
    );
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, ITEM);
    assert.equal(a.asset, COLLECTION);
    assert.deepEqual(a.change_dns_record_data, {
      value_schema: 'DNSSmcAddress',
      flags: 0,
      address: null,
      key: key.toString('hex'),
      value: OTHER,
    });
  });
  it('delete_dns: no value and a non-zero key', () => {
    const body = op(0x4eb1f0f9).storeBuffer(key).endCell();
    const a = only(
      classify(trace(walletSends(WALLET, { to: ITEM, body }), { [ITEM]: nftItem(ITEM) })),
      'delete_dns',
    );
    assert.equal(a.asset, COLLECTION);
    assert.deepEqual(a.change_dns_record_data, {
      value_schema: null,
      flags: null,
      address: null,
      key: key.toString('hex'),
    });
  });
  it('renew_dns: no value and the zero key', () => {
    const body = op(0x4eb1f0f9).storeBuffer(Buffer.alloc(32)).endCell();
    const a = only(
      classify(trace(walletSends(WALLET, { to: ITEM, body }), { [ITEM]: nftItem(ITEM) })),
      'renew_dns',
    );
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, ITEM);
    assert.equal(a.asset, COLLECTION);
    assert.equal(a.change_dns_record_data, undefined);
  });
});

describe('subscriptions (subscriptions.py)', () => {
  it('subscribe: plugin request → wallet funds → payment to the beneficiary; amount = request grams', () => {
    const request = op(0x706c7567).storeCoins(300n).endCell();
    const t = trace(
      walletSends(PLUGIN, {
        to: WALLET,
        body: request,
        children: [
          {
            from: WALLET,
            to: PLUGIN,
            value: 300n,
            body: op(0xf06c7567).endCell(),
            children: [{ from: PLUGIN, to: BENEFICIARY, body: op(0x73756273).endCell() }],
          },
        ],
      }),
    );
    const a = only(classify(t), 'subscribe');
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, BENEFICIARY);
    assert.equal(a.destination_secondary, PLUGIN);
    assert.equal(a.amount, 300n);
    assert.equal(a.success, true);
  });
  it('unsubscribe: destruct wallet → plugin, the plugin’s destruct back names the beneficiary', () => {
    const t = trace(
      walletSends(WALLET, {
        to: PLUGIN,
        body: op(0x64737472).endCell(),
        children: [{ from: PLUGIN, to: BENEFICIARY, body: op(0x64737472).endCell() }],
      }),
    );
    const a = only(classify(t), 'unsubscribe');
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, BENEFICIARY);
    assert.equal(a.destination_secondary, PLUGIN);
    assert.equal(a.amount, null);
  });
});

describe('elections (elections.py)', () => {
  it('election_deposit: new_stake to the elector with its confirmation; amount = the stake sent', () => {
    const t = trace(
      walletSends(WALLET, {
        to: ELECTOR,
        value: 10_000n,
        body: op(0x4e73744b).endCell(),
        children: [{ from: ELECTOR, to: WALLET, body: op(0xf374484c).endCell() }],
      }),
    );
    const a = only(classify(t), 'election_deposit');
    assert.equal(a.source, WALLET);
    assert.equal(a.amount, 10_000n);
    assert.equal(a.success, true);
  });
  it('election_deposit without the confirmation is failed', () => {
    const t = trace(walletSends(WALLET, { to: ELECTOR, body: op(0x4e73744b).endCell() }));
    assert.equal(only(classify(t), 'election_deposit').success, false);
  });
  it('election_recover: amount = the confirmation’s value', () => {
    const t = trace(
      walletSends(WALLET, {
        to: ELECTOR,
        body: op(0x47657424).endCell(),
        children: [{ from: ELECTOR, to: WALLET, value: 55_000n, body: op(0xf96f7324).endCell() }],
      }),
    );
    const a = only(classify(t), 'election_recover');
    assert.equal(a.source, WALLET);
    assert.equal(a.amount, 55_000n);
  });
  it('a recover sent elsewhere than -1:3333… stays a call_contract', () => {
    const t = trace(walletSends(WALLET, { to: OTHER, body: op(0x47657424).endCell() }));
    assert.equal(
      classify(t).some((a) => a.type === 'election_recover'),
      false,
    );
  });
});

describe('nft_discovery (nft.py NftDiscoveryBlockMatcher)', () => {
  it('get_static_data answered by report_static_data: collection and index from the report', () => {
    const report = op(0x8b771735).storeUint(3n, 256).storeAddress(address(COLLECTION)).endCell();
    const t = trace(
      walletSends(WALLET, {
        to: ITEM,
        body: op(0x2fcb26a2).endCell(),
        children: [{ from: ITEM, to: WALLET, body: report }],
      }),
    );
    const a = only(classify(t), 'nft_discovery');
    assert.equal(a.source, WALLET);
    assert.equal(a.asset, COLLECTION);
    assert.equal(a.asset_secondary, ITEM);
    assert.deepEqual(a.nft_transfer_data, { nft_item_index: 3n });
  });
});

describe('auction_bid (auction.py AuctionBidMatcher)', () => {
  it('a TON transfer to a getgems auction: value = the bid, NFT from the auction data', () => {
    const t = trace(walletSends(WALLET, { to: AUCTION, value: 5_000n }), {
      [AUCTION]: {
        nft_auction: {
          address: AUCTION,
          nft_addr: ITEM,
          nft_owner: OTHER,
          mp_addr: OTHER,
          last_bid: 4_000n,
        },
      },
      [ITEM]: nftItem(ITEM),
    });
    const a = only(classify(t), 'auction_bid');
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, AUCTION);
    assert.equal(a.value, 5_000n);
    assert.equal(a.asset, COLLECTION);
    assert.equal(a.asset_secondary, ITEM);
    assert.deepEqual(a.nft_transfer_data, { nft_item_index: 3n, marketplace: 'getgems' });
  });
  it('a "cancel" comment to an auction is no bid', () => {
    const t = trace(
      walletSends(WALLET, {
        to: AUCTION,
        body: beginCell().storeUint(0, 32).storeStringTail('cancel').endCell(),
      }),
      {
        [AUCTION]: {
          nft_auction: {
            address: AUCTION,
            nft_addr: ITEM,
            nft_owner: null,
            mp_addr: null,
            last_bid: null,
          },
        },
      },
    );
    assert.equal(
      classify(t).some((a) => a.type === 'auction_bid'),
      false,
    );
  });
  it('a bid to a Fragment item (content uri on nft.fragment.com) is a fragment bid', () => {
    const t = trace(walletSends(WALLET, { to: ITEM, value: 9_000n }), {
      [ITEM]: {
        nft_item: {
          ...nftItem(ITEM).nft_item!,
          content: { uri: 'https://nft.fragment.com/username/x.json' },
        },
      },
    });
    const a = only(classify(t), 'auction_bid');
    assert.equal(a.destination, ITEM);
    assert.equal(a.asset_secondary, ITEM);
    assert.deepEqual(a.nft_transfer_data, { nft_item_index: 3n, marketplace: 'fragment' });
  });
});
