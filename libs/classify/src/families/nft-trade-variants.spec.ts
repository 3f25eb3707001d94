/**
 * Marketplace trade shapes of mainnet that the golden traces do not hold (ton-indexer
 * `blocks/nft.py` NftTransferBlockMatcher, GetgemsNftPurchaseBlockMatcher,
 * TelegramNftPurchaseBlockMatcher; `blocks/auction.py` NftCancelAuctionMatcher): payouts in
 * another order, a buy message with a comment or an opcode, a sale deployed by the buy itself, an
 * auction ended or cancelled by op, a Telemint auction ended by an external or by a call. Each
 * expected value is what those matchers make of the trace.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Cell } from '@ton/core';
import { type Hop, walletSends } from '../testing/synthetic-trace';
import {
  only,
  BUYER,
  SELLER,
  ITEM,
  COLLECTION,
  SALE,
  MARKET,
  ROYALTY,
  AUCTION,
  classify,
  types,
  item,
  teleitem,
  op,
  comment,
  ownershipAssigned,
  itemHandsOver,
  saleInfo,
  auctionInfo,
  assertParties,
  assertTransferData,
} from '../testing/nft-trades';

const PRICE = 5_000_000_000n;

/** The buyer's message to the sale, the sale's payouts in the order given and the item's transfer. */
const buy = (body: Cell | null, children: Hop[], extra: Partial<Hop> = {}): Hop =>
  walletSends(BUYER, { to: SALE, body, value: 5_200_000_000n, children, ...extra });

const fee: Hop = { from: SALE, to: MARKET, value: 250_000_000n };
const royalty: Hop = { from: SALE, to: ROYALTY, value: 500_000_000n };
const payout: Hop = { from: SALE, to: SELLER, value: 4_250_000_000n };
const handOver = itemHandsOver(SALE, BUYER, SALE);

void describe('getgems fixed-price sale variants (nft.py)', () => {
  const interfaces = { [SALE]: saleInfo(), [ITEM]: item() };

  it('the item first and the seller paid before the fees: nft_purchase with the seller payout', () => {
    const actions = classify(buy(null, [handOver, payout, royalty, fee]), interfaces);
    const p = only(actions, 'nft_purchase');
    assertTransferData(p, { payout_amount: 4_250_000_000n, price: PRICE, real_prev_owner: SELLER });
    assert.deepEqual(only(actions, 'nft_transfer').ancestor_type, ['nft_purchase']);
    const transfers = actions.filter((x) => x.type === 'ton_transfer');
    assert.deepEqual(transfers.map((x) => x.destination).sort(), [MARKET, ROYALTY, SELLER].sort());
  });

  it('a buy message with a text comment is still a TON transfer: nft_purchase', () => {
    const actions = classify(buy(comment('buy'), [fee, royalty, payout, handOver]), interfaces);
    const p = only(actions, 'nft_purchase');
    assert.equal(p.source, SALE);
    assert.equal(p.destination, BUYER);
    assert.equal(p.nft_transfer_data!.marketplace, 'getgems');
  });

  it('a buy message with an opcode is a call: toncenter reads no sale behind it, a plain transfer', () => {
    const actions = classify(buy(op(2).endCell(), [fee, royalty, payout, handOver]), interfaces);
    assert.ok(!actions.some((x) => x.type === 'nft_purchase'));
    const t = only(actions, 'nft_transfer');
    assertTransferData(t, { is_purchase: false, price: null, marketplace: null });
    assert.equal(t.source, SALE);
  });

  it('the buy deploys the sale in the same trace: nft_purchase, and the deployment stays its own action', () => {
    const init = beginCell().storeUint(0, 5).endCell();
    const actions = classify(
      buy(null, [fee, royalty, payout, handOver], { deploys: true, init }),
      interfaces,
    );
    assert.equal(only(actions, 'nft_purchase').nft_transfer_data!.payout_amount, 4_250_000_000n);
    assert.equal(only(actions, 'contract_deploy').destination, SALE);
    assert.ok(!actions.some((x) => x.type === 'auction_bid'));
  });

  it('a purchase the sale refunds (no item moved): TON transfers only', () => {
    const actions = classify(
      buy(null, [{ from: SALE, to: BUYER, value: 5_100_000_000n }]),
      interfaces,
    );
    assert.deepEqual(types(actions), ['ton_transfer', 'ton_transfer']);
  });
});

void describe('getgems auction ended by op (nft.py, auction.py NftCancelAuctionMatcher)', () => {
  const WINNER = BUYER;
  const byOp = (code: number, newOwner: string, payouts: Hop[]): Hop =>
    walletSends(SELLER, {
      to: AUCTION,
      body: op(code).endCell(),
      value: 100_000_000n,
      children: [...payouts, itemHandsOver(AUCTION, newOwner, AUCTION)],
    });
  const interfaces = { [AUCTION]: auctionInfo(), [ITEM]: item() };

  it('finish (0x20c9eb18) from the seller: the transfer is a purchase at the last bid, the seller payout a sibling, so no nft_purchase; nft_finish_auction with the marketplace', () => {
    const actions = classify(
      byOp(0x20c9eb18, WINNER, [
        { from: AUCTION, to: MARKET, value: 350_000_000n },
        { from: AUCTION, to: SELLER, value: 6_300_000_000n },
      ]),
      interfaces,
    );
    assert.ok(!actions.some((x) => x.type === 'nft_purchase'));
    const t = only(actions, 'nft_transfer');
    assertTransferData(t, {
      is_purchase: true,
      price: 7_000_000_000n,
      real_prev_owner: SELLER,
      marketplace_address: MARKET,
    });
    const f = only(actions, 'nft_finish_auction');
    assertParties(f, {
      source: WINNER,
      destination: AUCTION,
      asset_secondary: ITEM,
      asset: COLLECTION,
    });
    assert.deepEqual(f.nft_transfer_data, { marketplace_address: MARKET });
  });

  it('cancel (0x5616c572) returning the item to the seller: nft_cancel_auction, the transfer no purchase', () => {
    const actions = classify(byOp(0x5616c572, SELLER, []), {
      [AUCTION]: auctionInfo(),
      [ITEM]: item({ owner_address: SELLER }),
    });
    const c = only(actions, 'nft_cancel_auction');
    assert.equal(c.source, SELLER);
    assert.equal(c.destination, AUCTION);
    const t = only(actions, 'nft_transfer');
    assertTransferData(t, { is_purchase: false, real_prev_owner: null });
  });
});

void describe('Telemint auction end (nft.py TelegramNftPurchaseBlockMatcher)', () => {
  const bidInfo = beginCell()
    .storeUint(0x38127de1, 32)
    .storeCoins(20_000_000_000n)
    .storeUint(1_700_000_000, 32)
    .endCell();
  const fillUp = (to: string, value: bigint): Hop => ({
    from: ITEM,
    to,
    body: op(0x370fec51).endCell(),
    value,
  });
  const assigned: Hop = {
    from: ITEM,
    to: BUYER,
    body: ownershipAssigned(SELLER, bidInfo),
    value: 0n,
  };

  it('ended by an external message with one fill-up: a purchase whose one payout is the seller, no royalty', () => {
    const actions = classify(
      { from: null, to: ITEM, children: [fillUp(SELLER, 19_000_000_000n), assigned] },
      { [ITEM]: teleitem },
    );
    assert.deepEqual(types(actions), ['nft_transfer']);
    const t = only(actions, 'nft_transfer');
    assertTransferData(t, {
      is_purchase: true,
      price: 20_000_000_000n,
      payout_amount: 19_000_000_000n,
      royalty_amount: null,
    });
    assert.deepEqual(t.nft_listing_data, {
      marketplace_fee_address: SELLER,
      royalty_address: null,
    });
  });

  it('ended by a call from a wallet: a purchase at the bid, the fill-ups stay calls and name no payout', () => {
    const actions = classify(
      walletSends(BUYER, {
        to: ITEM,
        body: op(0x12345678).endCell(),
        children: [fillUp(ROYALTY, 1_000_000_000n), fillUp(SELLER, 18_000_000_000n), assigned],
      }),
      { [ITEM]: teleitem },
    );
    const t = only(actions, 'nft_transfer');
    assertTransferData(t, {
      is_purchase: true,
      price: 20_000_000_000n,
      payout_amount: null,
      royalty_amount: null,
    });
    assert.equal(
      actions.filter((x) => x.type === 'call_contract' && x.opcode === 0x370fec51).length,
      2,
    );
  });
});
