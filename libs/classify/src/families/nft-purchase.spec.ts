/**
 * NFT purchases (toncenter `blocks/nft.py` GetgemsNftPurchaseBlockMatcher,
 * TelegramNftPurchaseBlockMatcher),
 * on synthetic traces with real TL-B bodies built with @ton/core: each case names the rule
 * it pins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Cell } from '@ton/core';
import { type Hop, walletSends } from '../testing/synthetic-trace';
import { renderApiAction } from '../api-render';
import { bocBase64 } from '../tlb/cells';
import {
  only,
  addr,
  BUYER,
  SELLER,
  ITEM,
  COLLECTION,
  SALE,
  MARKET,
  ROYALTY,
  FEE,
  classify,
  types,
  item,
  teleitem,
  op,
  ownershipAssigned,
  itemHandsOver,
  saleInfo,
  assertParties,
} from '../testing/nft-trades';

void describe('nft_purchase (nft.py GetgemsNftPurchaseBlockMatcher)', () => {
  const buy = (payoutTo: string): Hop =>
    walletSends(BUYER, {
      to: SALE,
      value: 5_200_000_000n,
      children: [
        { from: SALE, to: MARKET, value: 250_000_000n },
        { from: SALE, to: ROYALTY, value: 500_000_000n },
        { from: SALE, to: payoutTo, value: 4_250_000_000n },
        itemHandsOver(SALE, BUYER, SALE),
      ],
    });

  it('a TON transfer to a sale that hands the item to the sender and pays the seller: nft_purchase over the transfer and the payout', () => {
    const actions = classify(buy(SELLER), { [SALE]: saleInfo(), [ITEM]: item() });
    const p = only(actions, 'nft_purchase');
    assertParties(p, {
      source: SALE,
      destination: BUYER,
      asset: COLLECTION,
      asset_secondary: ITEM,
    });
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

void describe('Fragment purchase (nft.py TelegramNftPurchaseBlockMatcher)', () => {
  const bidInfo = (bid: bigint): Cell =>
    beginCell().storeUint(0x38127de1, 32).storeCoins(bid).storeUint(1_700_000_000, 32).endCell();

  it('a bid that wins the item: nft_transfer purchase at the bid, the payouts by lt (royalty, then seller)', () => {
    const actions = classify(
      walletSends(BUYER, {
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
      }),
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
      walletSends(COLLECTION, {
        to: ITEM,
        body: op(0x299a3e15).endCell(),
        children: [{ from: ITEM, to: BUYER, body: ownershipAssigned(COLLECTION, bidInfo(5n)) }],
      }),
      { [ITEM]: teleitem },
    );
    const t = only(actions, 'nft_transfer');
    assert.equal(t.nft_transfer_data!.is_purchase, false);
    assert.equal(t.nft_transfer_data!.price, null);
    assert.equal(t.source, COLLECTION);
  });
});
