/**
 * Auctions: bids and outbids, Telemint auctions and .ton DNS auctions (toncenter `blocks/auction.py`
 * AuctionOutbidMatcher, TeleitemStartAuctionMatcher, TeleitemCancelAuctionMatcher, DnsPurchaseMatcher,
 * DnsReleaseMatcher), on synthetic traces with real TL-B bodies built with @ton/core: each case names
 * the rule it pins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell } from '@ton/core';
import { DNS_COLLECTION, DNS_ITEM_CODE_HASH } from './auction';
import {
  only,
  addr,
  BUYER,
  SELLER,
  ITEM,
  COLLECTION,
  AUCTION,
  FEE,
  a,
  classify,
  item,
  teleitem,
  op,
  comment,
  auctionInfo,
  types,
  assertParties,
  assertTransferData,
} from '../testing/nft-trades';
import type { ActionRow } from '../action';
import type { AccountInterfaces } from '../trace-model';
import { walletSends } from '../testing/synthetic-trace';

void describe('outbids (auction.py AuctionOutbidMatcher)', () => {
  const OLD = addr('5');
  const outbid = 'Your bid has been outbid by another user';

  it('a getgems bid refunding the previous bidder with the outbid comment: auction_bid and auction_outbid', () => {
    const actions = classify(
      walletSends(BUYER, {
        to: AUCTION,
        value: 8_000_000_000n,
        children: [{ from: AUCTION, to: OLD, body: comment(outbid), value: 7_000_000_000n }],
      }),
      { [AUCTION]: auctionInfo(), [ITEM]: item() },
    );
    assert.equal(only(actions, 'auction_bid').value, 8_000_000_000n);
    const o = only(actions, 'auction_outbid');
    assertParties(o, { source: AUCTION, destination: OLD, source_secondary: BUYER });
    assert.equal(o.amount, 7_000_000_000n);
    assert.equal(o.asset_secondary, ITEM);
    assert.equal(o.asset, COLLECTION);
    assert.deepEqual(o.nft_transfer_data, { marketplace: 'getgems' });
    assert.deepEqual(o.ton_transfer_data, { comment: outbid });
  });

  it('two outbid refunds: no auction_outbid (one only, to avoid false positives)', () => {
    const refund = { from: AUCTION, to: OLD, body: comment(outbid), value: 1n };
    const actions = classify(
      {
        from: null,
        to: BUYER,
        children: [{ from: BUYER, to: AUCTION, children: [refund, { ...refund, to: SELLER }] }],
      },
      { [AUCTION]: auctionInfo(), [ITEM]: item() },
    );
    only(actions, 'auction_bid');
    assert.ok(!actions.some((x) => x.type === 'auction_outbid'));
  });

  it('a Fragment bid with teleitem_msg_outbid (0x557cea20) to the previous bidder: a fragment auction_outbid', () => {
    const actions = classify(
      walletSends(BUYER, {
        to: ITEM,
        value: 3_000_000_000n,
        children: [{ from: ITEM, to: OLD, body: op(0x557cea20).endCell(), value: 2_000_000_000n }],
      }),
      { [ITEM]: item({ content: { uri: 'https://nft.fragment.com/number/888.json' } }) },
    );
    assert.equal(only(actions, 'auction_bid').nft_transfer_data!.marketplace, 'fragment');
    const o = only(actions, 'auction_outbid');
    assert.equal(o.destination, OLD);
    assert.equal(o.amount, 2_000_000_000n);
    assert.deepEqual(o.ton_transfer_data, { comment: null });
    assert.deepEqual(o.nft_transfer_data, { marketplace: 'fragment' });
  });
});

void describe('Telemint auctions (auction.py TeleitemStartAuctionMatcher, TeleitemCancelAuctionMatcher)', () => {
  it('teleitem_start_auction with its config: teleitem_start_auction, the teleitem_ok answer inside', () => {
    const config = beginCell()
      .storeAddress(a(FEE))
      .storeCoins(2_000_000_000n)
      .storeCoins(50_000_000_000n)
      .storeUint(5, 8)
      .storeUint(3600, 32)
      .storeUint(86400, 32)
      .endCell();
    const actions = classify(
      walletSends(SELLER, {
        to: ITEM,
        body: op(0x487a8e81).storeRef(config).endCell(),
        children: [{ from: ITEM, to: SELLER, body: op(0xa37a0983).endCell() }],
      }),
      { [ITEM]: teleitem },
    );
    const s = only(actions, 'teleitem_start_auction');
    assertParties(s, { source: SELLER, destination: ITEM, asset_secondary: ITEM });
    assert.equal(s.success, true);
    assert.deepEqual(s.nft_listing_data, {
      nft_item_index: 42n,
      mp_fee_factor: 0n,
      mp_fee_base: 0n,
      royalty_fee_base: 0n,
      max_bid: 50_000_000_000n,
      min_bid: 2_000_000_000n,
      marketplace_fee_address: FEE,
      marketplace: 'fragment',
      royalty_address: null,
      full_price: null,
      marketplace_fee: null,
      royalty_amount: null,
    });
    assert.ok(!actions.some((x) => x.type === 'call_contract' && x.ancestor_type.length === 0));
  });

  it('teleitem_cancel_auction that the item refused: a failed teleitem_cancel_auction', () => {
    const actions = classify(
      {
        from: null,
        to: SELLER,
        children: [{ from: SELLER, to: ITEM, body: op(0x371638ae).endCell(), aborted: true }],
      },
      { [ITEM]: teleitem },
    );
    const c = only(actions, 'teleitem_cancel_auction');
    assert.equal(c.success, false);
    assertParties(c, { source: SELLER, destination: ITEM, asset: COLLECTION });
  });

  it('the same op to an item outside Fragment: no teleitem action', () => {
    const actions = classify(
      {
        from: null,
        to: SELLER,
        children: [{ from: SELLER, to: ITEM, body: op(0x371638ae).endCell() }],
      },
      { [ITEM]: item() },
    );
    assert.ok(!actions.some((x) => x.type.startsWith('teleitem')));
  });
});

void describe('.ton DNS auctions (auction.py DnsPurchaseMatcher, DnsReleaseMatcher)', () => {
  const dnsItem = item({ collection_address: DNS_COLLECTION });

  it('a DNS item paying auction_fill_up after the call that ended its auction: dns_purchase by that caller', () => {
    const actions = classify(
      walletSends(BUYER, {
        to: ITEM,
        body: op(0x12345678).endCell(),
        children: [
          {
            from: ITEM,
            to: DNS_COLLECTION,
            body: op(0x370fec51, 77n).endCell(),
            value: 9_000_000_000n,
          },
        ],
      }),
      { [ITEM]: dnsItem },
    );
    const p = only(actions, 'dns_purchase');
    assertParties(p, {
      source: null,
      destination: BUYER,
      asset: DNS_COLLECTION,
      asset_secondary: ITEM,
    });
    assertTransferData(p, {
      query_id: 77n,
      price: 9_000_000_000n,
      payout_amount: 9_000_000_000n,
      marketplace: null,
    });
  });

  it('dns_balance_release (0x4ed14b65) to a DNS item: dns_release with its value', () => {
    const actions = classify(
      {
        from: null,
        to: BUYER,
        children: [
          { from: BUYER, to: ITEM, body: op(0x4ed14b65, 5n).endCell(), value: 1_500_000_000n },
        ],
      },
      { [ITEM]: dnsItem },
    );
    const r = only(actions, 'dns_release');
    assertParties(r, { source: BUYER, destination: ITEM, asset: DNS_COLLECTION });
    assert.equal(r.value, 1_500_000_000n);
    assert.deepEqual(r.nft_transfer_data, { query_id: 5n, nft_item_index: 42n });
  });

  const release = (interfaces: AccountInterfaces): ActionRow[] =>
    classify(
      {
        from: null,
        to: BUYER,
        children: [{ from: BUYER, to: ITEM, body: op(0x4ed14b65, 5n).endCell(), value: 1n }],
      },
      { [ITEM]: interfaces },
    );

  it('an item of another collection running the DNS item code is a DNS item (its code hash)', () => {
    const r = only(release(item({ code_hash: DNS_ITEM_CODE_HASH })), 'dns_release');
    assert.equal(r.asset, COLLECTION);
    assert.equal(r.destination, ITEM);
  });

  it('an item with neither the DNS collection nor the DNS item code: no dns_release', () => {
    const codeHash = Buffer.alloc(32, 7).toString('base64');
    assert.equal(types(release(item({ code_hash: codeHash }))).includes('dns_release'), false);
  });
});
