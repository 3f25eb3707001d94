/**
 * NFT trade matchers (toncenter `blocks/nft.py`, `blocks/auction.py`) on synthetic traces with real TL-B
 * bodies and state inits built with @ton/core: each case names the rule it pins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, type Cell, storeStateInit } from '@ton/core';
import type { ActionRow } from '../action';
import { renderApiAction } from '../api-render';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import { type Hop, syntheticTrace } from '../testing/synthetic-trace';
import type { AccountInterfaces, NftItemInfo } from '../trace-model';
import { bocBase64 } from '../tlb/cells';
import { DNS_COLLECTION } from './auction';

const addr = (fill: string): string => `0:${fill.repeat(64).toUpperCase()}`;
const BUYER = addr('a');
const SELLER = addr('b');
const ITEM = addr('c');
const COLLECTION = addr('d');
const SALE = addr('e');
const MARKET = addr('f');
const LISTING = addr('1');
const ROYALTY = addr('2');
const AUCTION = addr('3');
const FEE = addr('4');

const a = (raw: string): Address => Address.parse(raw);

function classify(root: Hop, interfaces: Record<string, AccountInterfaces>): ActionRow[] {
  const r = classifyTrace(syntheticTrace(root, interfaces), defaultRegistry);
  assert.equal(r.error, undefined);
  return r.actions;
}

function only(actions: ActionRow[], type: string): ActionRow {
  const found = actions.filter((x) => x.type === type);
  assert.equal(found.length, 1, `one ${type} in ${actions.map((x) => x.type).join(', ')}`);
  return found[0]!;
}

const types = (actions: ActionRow[]): string[] => actions.map((x) => x.type).sort();

const item = (over: Partial<NftItemInfo> = {}): AccountInterfaces => ({
  nft_item: {
    address: ITEM,
    init: true,
    index: 42n,
    collection_address: COLLECTION,
    owner_address: BUYER,
    content: null,
    ...over,
  },
});

const op = (code: number, queryId = 9n): Builder =>
  beginCell().storeUint(code, 32).storeUint(queryId, 64);
const comment = (text: string): Cell =>
  beginCell().storeUint(0, 32).storeStringTail(text).endCell();

/** TEP-62 transfer with no custom payload and an empty inline forward payload. */
const nftTransfer = (newOwner: string, response: string, forward = 0n): Cell =>
  op(0x5fcc3d14)
    .storeAddress(a(newOwner))
    .storeAddress(a(response))
    .storeBit(false)
    .storeCoins(forward)
    .storeBit(false)
    .endCell();
const ownershipAssigned = (prevOwner: string, payload?: Cell): Cell => {
  const b = op(0x05138d91).storeAddress(a(prevOwner));
  return (payload ? b.storeBit(true).storeRef(payload) : b.storeBit(false)).endCell();
};
const excesses = (): Cell => op(0xd53276db).endCell();

/** The item moving to `newOwner`: the item's transfer, its ownership_assigned and excess. */
const itemHandsOver = (from: string, newOwner: string, prevOwner: string): Hop => ({
  from,
  to: ITEM,
  body: nftTransfer(newOwner, newOwner),
  children: [
    { from: ITEM, to: newOwner, body: ownershipAssigned(prevOwner), value: 1n },
    { from: ITEM, to: newOwner, body: excesses(), value: 5_000_000n },
  ],
});

const saleInfo = (over: Partial<NonNullable<AccountInterfaces['nft_sale']>> = {}) => ({
  nft_sale: {
    address: SALE,
    is_complete: false,
    marketplace_address: MARKET,
    nft_address: ITEM,
    nft_owner_address: SELLER,
    full_price: 5_000_000_000n,
    marketplace_fee_address: MARKET,
    marketplace_fee: 250_000_000n,
    royalty_address: ROYALTY,
    royalty_amount: 500_000_000n,
    ...over,
  },
});

const auctionInfo = (over: Partial<NonNullable<AccountInterfaces['nft_auction']>> = {}) => ({
  nft_auction: {
    address: AUCTION,
    nft_addr: ITEM,
    nft_owner: SELLER,
    mp_addr: MARKET,
    last_bid: 7_000_000_000n,
    ...over,
  },
});

void describe('nft_purchase (nft.py GetgemsNftPurchaseBlockMatcher)', () => {
  const buy = (payoutTo: string): Hop => ({
    from: null,
    to: BUYER,
    children: [
      {
        from: BUYER,
        to: SALE,
        value: 5_200_000_000n,
        children: [
          { from: SALE, to: MARKET, value: 250_000_000n },
          { from: SALE, to: ROYALTY, value: 500_000_000n },
          { from: SALE, to: payoutTo, value: 4_250_000_000n },
          itemHandsOver(SALE, BUYER, SALE),
        ],
      },
    ],
  });

  it('a TON transfer to a sale that hands the item to the sender and pays the seller: nft_purchase over the transfer and the payout', () => {
    const actions = classify(buy(SELLER), { [SALE]: saleInfo(), [ITEM]: item() });
    const p = only(actions, 'nft_purchase');
    assert.equal(p.source, SALE);
    assert.equal(p.destination, BUYER);
    assert.equal(p.asset, COLLECTION);
    assert.equal(p.asset_secondary, ITEM);
    assert.deepEqual(p.nft_transfer_data, {
      query_id: 9n,
      is_purchase: true,
      price: 5_000_000_000n,
      nft_item_index: 42n,
      forward_amount: 0n,
      custom_payload: null,
      forward_payload: bocBase64(beginCell().endCell(), true),
      response_destination: BUYER,
      marketplace: 'getgems',
      marketplace_address: MARKET,
      real_prev_owner: SELLER,
      payout_amount: 4_250_000_000n,
      payout_comment_encrypted: false,
      payout_comment_encoded: false,
      payout_comment: null,
    });
    // the seller is an account of the purchase; the marketplace and royalty payouts stay transfers
    assert.ok(p.accounts.includes(SELLER));
    const t = only(actions, 'nft_transfer');
    assert.deepEqual(t.ancestor_type, ['nft_purchase']);
    assert.equal(t.parent_action_id, p.action_id);
    const payout = actions.find((x) => x.type === 'ton_transfer' && x.destination === SELLER);
    assert.deepEqual(payout?.ancestor_type, ['nft_purchase']);
    assert.equal(
      actions.filter((x) => x.type === 'ton_transfer' && x.ancestor_type.length === 0).length,
      2,
    );
  });

  it('the v3 API renders the purchase (toncenter parse/actions.go): the payout address is the seller', () => {
    const actions = classify(buy(SELLER), { [SALE]: saleInfo(), [ITEM]: item() });
    const details = renderApiAction(only(actions, 'nft_purchase')).details as Record<
      string,
      unknown
    >;
    assert.equal(details.old_owner, SALE);
    assert.equal(details.new_owner, BUYER);
    assert.equal(details.price, '5000000000');
    assert.equal(details.payout_amount, '4250000000');
    assert.equal(details.payout_address, SELLER);
    assert.equal(details.real_old_owner, SELLER);
    assert.equal(details.marketplace_address, MARKET);
    assert.equal(details.royalty_address, null);
  });

  it('no TON transfer to the seller: the purchase transfer stays, no nft_purchase', () => {
    const actions = classify(buy(FEE), { [SALE]: saleInfo(), [ITEM]: item() });
    assert.ok(!actions.some((x) => x.type === 'nft_purchase'));
    const t = only(actions, 'nft_transfer');
    assert.equal(t.nft_transfer_data!.is_purchase, true);
    assert.equal(t.nft_transfer_data!.real_prev_owner, SELLER);
  });

  it('a sale of another item is no purchase', () => {
    const actions = classify(buy(SELLER), {
      [SALE]: saleInfo({ nft_address: addr('9') }),
      [ITEM]: item(),
    });
    assert.ok(!actions.some((x) => x.type === 'nft_purchase'));
    assert.equal(only(actions, 'nft_transfer').nft_transfer_data!.is_purchase, false);
  });
});

void describe('getgems auction finished by a "finish" comment (nft.py proxy, auction.py NftFinishAuctionMatcher)', () => {
  const finish = (text: string): Hop => ({
    from: null,
    to: SELLER,
    children: [
      {
        from: SELLER,
        to: AUCTION,
        body: comment(text),
        value: 100_000_000n,
        children: [
          itemHandsOver(AUCTION, BUYER, AUCTION),
          { from: AUCTION, to: SELLER, value: 6_500_000_000n },
        ],
      },
    ],
  });

  it('the payout hangs off the comment: nft_purchase through an empty proxy, and nft_finish_auction on the comment', () => {
    const actions = classify(finish('finish'), { [AUCTION]: auctionInfo(), [ITEM]: item() });
    // v2 types serialise their children: the comment under the finish, transfer and payout under
    // the purchase; the empty proxy is never an action
    assert.deepEqual(actions.map((x) => `${x.type}<${x.ancestor_type.join()}`).sort(), [
      'nft_finish_auction<',
      'nft_purchase<',
      'nft_transfer<nft_purchase',
      'ton_transfer<nft_finish_auction',
      'ton_transfer<nft_purchase',
    ]);
    const p = only(actions, 'nft_purchase');
    assert.equal(p.nft_transfer_data!.price, 7_000_000_000n);
    assert.equal(p.nft_transfer_data!.payout_amount, 6_500_000_000n);
    assert.equal(p.nft_transfer_data!.real_prev_owner, SELLER);
    assert.equal(p.nft_transfer_data!.marketplace_address, MARKET);
    const f = only(actions, 'nft_finish_auction');
    assert.equal(f.source, BUYER);
    assert.equal(f.destination, AUCTION);
    assert.equal(f.asset_secondary, ITEM);
    assert.equal(f.asset, COLLECTION);
    assert.deepEqual(f.nft_transfer_data, { marketplace_address: null });
    // the finish comment is the finish action, not a bid
    assert.ok(!actions.some((x) => x.type === 'auction_bid'));
  });

  it('"cancel" returning the item to its owner: nft_cancel_auction with the auction\'s marketplace', () => {
    const actions = classify(
      {
        from: null,
        to: SELLER,
        children: [
          {
            from: SELLER,
            to: AUCTION,
            body: comment('cancel'),
            children: [itemHandsOver(AUCTION, SELLER, AUCTION)],
          },
        ],
      },
      { [AUCTION]: auctionInfo(), [ITEM]: item() },
    );
    const c = only(actions, 'nft_cancel_auction');
    assert.equal(c.source, SELLER);
    assert.equal(c.destination, AUCTION);
    assert.deepEqual(c.nft_transfer_data, { marketplace_address: MARKET });
    // the return itself stays an nft_transfer of its own
    assert.equal(only(actions, 'nft_transfer').destination, SELLER);
  });

  it('the stop op (0xb95616b6) returning the item: nft_finish_auction', () => {
    const actions = classify(
      {
        from: null,
        to: SELLER,
        children: [
          {
            from: SELLER,
            to: AUCTION,
            body: op(0xb95616b6).endCell(),
            children: [itemHandsOver(AUCTION, SELLER, AUCTION)],
          },
        ],
      },
      { [AUCTION]: auctionInfo(), [ITEM]: item() },
    );
    assert.equal(
      only(actions, 'nft_finish_auction').nft_transfer_data!.marketplace_address,
      MARKET,
    );
  });
});

void describe('Fragment purchase (nft.py TelegramNftPurchaseBlockMatcher)', () => {
  const bidInfo = (bid: bigint): Cell =>
    beginCell().storeUint(0x38127de1, 32).storeCoins(bid).storeUint(1_700_000_000, 32).endCell();
  const teleitem = item({ content: { uri: 'https://nft.fragment.com/username/abc.json' } });

  it('a bid that wins the item: nft_transfer purchase at the bid, the payouts by lt (royalty, then seller)', () => {
    const actions = classify(
      {
        from: null,
        to: BUYER,
        children: [
          {
            from: BUYER,
            to: ITEM,
            value: 10_000_000_000n,
            children: [
              { from: ITEM, to: ROYALTY, body: op(0x370fec51).endCell(), value: 500_000_000n },
              { from: ITEM, to: SELLER, body: op(0x370fec51).endCell(), value: 9_400_000_000n },
              {
                from: ITEM,
                to: BUYER,
                body: ownershipAssigned(SELLER, bidInfo(10_000_000_000n)),
                value: 0n,
              },
            ],
          },
        ],
      },
      { [ITEM]: teleitem },
    );
    assert.deepEqual(types(actions), ['nft_transfer']);
    const t = only(actions, 'nft_transfer');
    assert.equal(t.source, SELLER);
    assert.equal(t.destination, BUYER);
    assert.equal(t.nft_transfer_data!.is_purchase, true);
    assert.equal(t.nft_transfer_data!.price, 10_000_000_000n);
    assert.equal(t.nft_transfer_data!.marketplace, 'fragment');
    assert.equal(t.nft_transfer_data!.forward_amount, null);
    assert.equal(t.nft_transfer_data!.forward_payload, bocBase64(bidInfo(10_000_000_000n), true));
    assert.equal(t.nft_transfer_data!.royalty_amount, 500_000_000n);
    assert.equal(t.nft_transfer_data!.payout_amount, 9_400_000_000n);
    assert.deepEqual(t.nft_listing_data, {
      marketplace_fee_address: SELLER,
      royalty_address: ROYALTY,
    });
    const details = renderApiAction(t).details as Record<string, unknown>;
    assert.equal(details.payout_address, SELLER);
    assert.equal(details.royalty_address, ROYALTY);
    assert.equal(details.royalty_amount, '500000000');
  });

  it('the item deployed by its collection at the end of its first auction: a transfer, not a purchase', () => {
    const actions = classify(
      {
        from: null,
        to: COLLECTION,
        children: [
          {
            from: COLLECTION,
            to: ITEM,
            body: op(0x299a3e15).endCell(),
            children: [{ from: ITEM, to: BUYER, body: ownershipAssigned(COLLECTION, bidInfo(5n)) }],
          },
        ],
      },
      { [ITEM]: teleitem },
    );
    const t = only(actions, 'nft_transfer');
    assert.equal(t.nft_transfer_data!.is_purchase, false);
    assert.equal(t.nft_transfer_data!.price, null);
    assert.equal(t.source, COLLECTION);
  });
});

void describe('put on sale / auction (auction.py NftPutOnSaleBlockMatcher)', () => {
  const stateInit = (data: Cell): Cell =>
    beginCell()
      .store(storeStateInit({ code: beginCell().storeUint(1, 8).endCell(), data }))
      .endCell();
  /** getgems sale v3r3 data: is_complete created_at marketplace nft nft_owner full_price ^fees. */
  const saleV3r3 = stateInit(
    beginCell()
      .storeUint(0, 1)
      .storeUint(1_700_000_000, 32)
      .storeAddress(a(MARKET))
      .storeAddress(a(ITEM))
      .storeAddress(null)
      .storeCoins(3_000_000_000n)
      .storeRef(
        beginCell()
          .storeAddress(a(FEE))
          .storeCoins(150_000_000n)
          .storeAddress(a(ROYALTY))
          .storeCoins(300_000_000n),
      )
      .endCell(),
  );
  /** getgems auction v3r3 data, the layout read for a code hash that names no other version. */
  const auctionV3r3 = stateInit(
    beginCell()
      .storeUint(0, 2)
      .storeAddress(null)
      .storeCoins(0)
      .storeUint(0, 32)
      .storeUint(1_800_000_000, 32)
      .storeAddress(null)
      .storeUint(0, 64)
      .storeUint(5, 32)
      .storeUint(100, 32)
      .storeUint(10, 32)
      .storeUint(1000, 32)
      .storeRef(beginCell().storeAddress(a(FEE)).storeAddress(a(ROYALTY)))
      .storeRef(
        beginCell()
          .storeAddress(a(MARKET))
          .storeCoins(1_000_000_000n)
          .storeCoins(90_000_000_000n)
          .storeCoins(100_000_000n)
          .storeUint(300, 32),
      )
      .endCell(),
  );
  const listing = (target: string, init: Cell): Hop => ({
    from: null,
    to: SELLER,
    children: [
      {
        from: SELLER,
        to: ITEM,
        body: nftTransfer(LISTING, SELLER, 100_000_000n),
        children: [
          {
            from: ITEM,
            to: LISTING,
            body: ownershipAssigned(SELLER),
            value: 100_000_000n,
            children: [
              { from: LISTING, to: target, deploys: true, init, value: 50_000_000n },
              itemHandsOver(LISTING, target, LISTING),
            ],
          },
        ],
      },
    ],
  });

  it('a listing contract deploying a v3r3 sale and passing it the item: nft_put_on_sale with the prices of the state init', () => {
    const actions = classify(listing(SALE, saleV3r3), {
      [SALE]: saleInfo({ code_hash: 'JCIfpXHlQuBVx3vt/b9SfHr0YM/cfzRMRQeHtM+h600=' }),
      [ITEM]: item(),
    });
    const s = only(actions, 'nft_put_on_sale');
    assert.equal(s.source, SELLER);
    assert.equal(s.source_secondary, LISTING);
    assert.equal(s.destination, SALE);
    assert.equal(s.asset, COLLECTION);
    assert.equal(s.asset_secondary, ITEM);
    assert.deepEqual(s.nft_transfer_data, { marketplace_address: MARKET });
    assert.deepEqual(renderApiAction(s).details, {
      nft_collection: COLLECTION,
      nft_item: ITEM,
      nft_item_index: '42',
      owner: SELLER,
      listing_address: LISTING,
      sale_address: SALE,
      // toncenter reads it from destination_secondary, which its serializer leaves empty
      marketplace_address: null,
      full_price: '3000000000',
      marketplace_fee: '150000000',
      royalty_amount: '300000000',
      marketplace_fee_address: FEE,
      royalty_address: ROYALTY,
      marketplace: 'getgems',
    });
    assert.deepEqual(s.nft_listing_data, {
      nft_item_index: 42n,
      full_price: 3_000_000_000n,
      marketplace_fee: 150_000_000n,
      royalty_amount: 300_000_000n,
      marketplace_fee_address: FEE,
      marketplace: 'getgems',
      royalty_address: ROYALTY,
      mp_fee_factor: null,
      mp_fee_base: null,
      royalty_fee_base: null,
      max_bid: null,
      min_bid: null,
    });
    // both transfers are inside it (nft_put_on_sale is a v2 type: its children are serialised too)
    assert.equal(
      actions.filter(
        (x) => x.type === 'nft_transfer' && x.ancestor_type.includes('nft_put_on_sale'),
      ).length,
      2,
    );
  });

  it('a sale whose seller is not the one who listed: no nft_put_on_sale', () => {
    const actions = classify(listing(SALE, saleV3r3), {
      [SALE]: saleInfo({ nft_owner_address: BUYER }),
      [ITEM]: item(),
    });
    assert.ok(!actions.some((x) => x.type === 'nft_put_on_sale'));
  });

  it('a listing deploying a getgems auction: nft_put_on_auction with fees and bids of its data', () => {
    const actions = classify(listing(AUCTION, auctionV3r3), {
      [AUCTION]: auctionInfo(),
      [ITEM]: item(),
    });
    const s = only(actions, 'nft_put_on_auction');
    assert.equal(s.source, SELLER);
    assert.equal(s.source_secondary, LISTING);
    assert.equal(s.destination, AUCTION);
    assert.deepEqual(s.nft_transfer_data, { marketplace_address: MARKET });
    assert.deepEqual(s.nft_listing_data, {
      nft_item_index: 42n,
      mp_fee_factor: 5n,
      mp_fee_base: 100n,
      royalty_fee_base: 1000n,
      max_bid: 90_000_000_000n,
      min_bid: 1_000_000_000n,
      marketplace_fee_address: FEE,
      marketplace: 'getgems',
      royalty_address: ROYALTY,
      full_price: null,
      marketplace_fee: null,
      royalty_amount: null,
    });
  });
});

void describe('sale cancel and update (auction.py NftCancelSaleMatcher, UpdateSaleMatcher)', () => {
  it("cancel (op 3) to a sale that returns the item: nft_cancel_sale from the item's new owner", () => {
    const actions = classify(
      {
        from: null,
        to: SELLER,
        children: [
          {
            from: SELLER,
            to: SALE,
            body: op(3).endCell(),
            children: [itemHandsOver(SALE, SELLER, SALE)],
          },
        ],
      },
      { [SALE]: saleInfo(), [ITEM]: item() },
    );
    const c = only(actions, 'nft_cancel_sale');
    assert.equal(c.source, SELLER);
    assert.equal(c.destination, SALE);
    assert.equal(c.asset_secondary, ITEM);
    assert.deepEqual(c.nft_transfer_data, { marketplace_address: MARKET });
    assert.ok(c.accounts.includes(ITEM));
    only(actions, 'nft_transfer');
  });

  it('sale_update (0x6c6c2080) to a sale: nft_update_sale with the new price, fee and royalty', () => {
    const body = op(0x6c6c2080)
      .storeCoins(8_000_000_000n)
      .storeCoins(400_000_000n)
      .storeCoins(800_000_000n)
      .endCell();
    const actions = classify(
      { from: null, to: SELLER, children: [{ from: SELLER, to: SALE, body }] },
      { [SALE]: saleInfo() },
    );
    const u = only(actions, 'nft_update_sale');
    assert.equal(u.source, SELLER);
    assert.equal(u.destination, SALE);
    assert.equal(u.asset_secondary, ITEM);
    assert.deepEqual(u.nft_listing_data, {
      full_price: 8_000_000_000n,
      royalty_amount: 800_000_000n,
      marketplace_fee: 400_000_000n,
    });
    assert.deepEqual(u.nft_transfer_data, { marketplace_address: MARKET });
    assert.ok(u.accounts.includes(ITEM));
  });
});

void describe('outbids (auction.py AuctionOutbidMatcher)', () => {
  const OLD = addr('5');
  const outbid = 'Your bid has been outbid by another user';

  it('a getgems bid refunding the previous bidder with the outbid comment: auction_bid and auction_outbid', () => {
    const actions = classify(
      {
        from: null,
        to: BUYER,
        children: [
          {
            from: BUYER,
            to: AUCTION,
            value: 8_000_000_000n,
            children: [{ from: AUCTION, to: OLD, body: comment(outbid), value: 7_000_000_000n }],
          },
        ],
      },
      { [AUCTION]: auctionInfo(), [ITEM]: item() },
    );
    assert.equal(only(actions, 'auction_bid').value, 8_000_000_000n);
    const o = only(actions, 'auction_outbid');
    assert.equal(o.source, AUCTION);
    assert.equal(o.destination, OLD);
    assert.equal(o.source_secondary, BUYER);
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
      {
        from: null,
        to: BUYER,
        children: [
          {
            from: BUYER,
            to: ITEM,
            value: 3_000_000_000n,
            children: [
              { from: ITEM, to: OLD, body: op(0x557cea20).endCell(), value: 2_000_000_000n },
            ],
          },
        ],
      },
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
  const teleitem = item({ content: { uri: 'https://nft.fragment.com/username/abc.json' } });

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
      {
        from: null,
        to: SELLER,
        children: [
          {
            from: SELLER,
            to: ITEM,
            body: op(0x487a8e81).storeRef(config).endCell(),
            children: [{ from: ITEM, to: SELLER, body: op(0xa37a0983).endCell() }],
          },
        ],
      },
      { [ITEM]: teleitem },
    );
    const s = only(actions, 'teleitem_start_auction');
    assert.equal(s.source, SELLER);
    assert.equal(s.destination, ITEM);
    assert.equal(s.asset_secondary, ITEM);
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
    assert.equal(c.source, SELLER);
    assert.equal(c.destination, ITEM);
    assert.equal(c.asset, COLLECTION);
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
      {
        from: null,
        to: BUYER,
        children: [
          {
            from: BUYER,
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
          },
        ],
      },
      { [ITEM]: dnsItem },
    );
    const p = only(actions, 'dns_purchase');
    assert.equal(p.source, null);
    assert.equal(p.destination, BUYER);
    assert.equal(p.asset, DNS_COLLECTION);
    assert.equal(p.asset_secondary, ITEM);
    assert.equal(p.nft_transfer_data!.query_id, 77n);
    assert.equal(p.nft_transfer_data!.price, 9_000_000_000n);
    assert.equal(p.nft_transfer_data!.payout_amount, 9_000_000_000n);
    assert.equal(p.nft_transfer_data!.marketplace, null);
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
    assert.equal(r.source, BUYER);
    assert.equal(r.destination, ITEM);
    assert.equal(r.asset, DNS_COLLECTION);
    assert.equal(r.value, 1_500_000_000n);
    assert.deepEqual(r.nft_transfer_data, { query_id: 5n, nft_item_index: 42n });
  });
});
