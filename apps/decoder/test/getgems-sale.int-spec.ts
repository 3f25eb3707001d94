/**
 * getgems' real fixed-price sale (v3r3) and deployer on a local network: an item put on sale through
 * the deployer and bought, another put on sale and cancelled by its seller, ingested and decoded into
 * PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, beginCell, type Cell, internal, toNano } from '@ton/core';
import { type NftCollection } from '@app/localnet';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import {
  acceptCoinsBody,
  cancelSaleBody,
  type Deployable,
  fixPriceSaleV3r3,
} from '../../../test/integration/support/getgems-contracts';
import { deployerListingTransfers } from '../../../test/integration/support/getgems-listing-rows';
import {
  DEPLOYER_DEPLOY_VALUE,
  GetgemsMarket,
} from '../../../test/integration/support/getgems-market';
import { type SignedWallet } from '../../../test/integration/support/signed-wallet';
import {
  type ActionSql,
  actionRow as row,
  byKey,
  nftTransferData,
  storedActions,
  traceWith,
} from '../../../test/integration/support/trace-actions';

const PRICE = toNano('3');
const MARKETPLACE_FEE = toNano('0.15');
const ROYALTY = toNano('0.3');
const LIST_QUERY_ID = 7n;
const CANCEL_QUERY_ID = 21n;
/** v3r3 takes a cancel with at least its min_gas_amount (0.1 TON). */
const CANCEL_VALUE = toNano('0.2');
/** The forward amount of the sale's transfer to the buyer (a constant of v3r3's buy()). */
const SALE_BUYER_FORWARD = toNano('0.03');
/** v3r3's min_gas_amount: a buyer sends full_price and this. */
const SALE_BUY_GAS = toNano('0.1');

void describe('decoder: a getgems fixed-price sale v3r3 (real contract code, real localnet)', () => {
  let g: DecodedGenesis;
  let actions: ActionSql[];
  let seller: SignedWallet;
  let buyer: SignedWallet;
  let marketplace: SignedWallet;
  let artist: SignedWallet;
  let collection: NftCollection;
  let item: Address;
  let deployer: Deployable;
  let sale: Deployable;
  let listing: Cell;
  let saleBalanceBeforeBuy: bigint;
  let keptItem: Address;
  let cancelled: Deployable;

  /** The seller's sale of `nft` at PRICE, paying the marketplace's fee and the artist's royalty. */
  const saleOf = (nft: Address): Deployable =>
    fixPriceSaleV3r3({
      createdAt: 1_795_000_000,
      marketplace: marketplace.address,
      nft,
      owner: seller.address,
      fullPrice: PRICE,
      marketplaceFeeAddress: marketplace.address,
      marketplaceFee: MARKETPLACE_FEE,
      royaltyAddress: artist.address,
      royaltyAmount: ROYALTY,
    });

  before(async () => {
    g = await decodedGenesis('decoder_getgems_sale', {
      beforeIngest: async (_ds, localnet) => {
        const market = await GetgemsMarket.open(localnet.chain);
        ({ seller, marketplace, artist, collection, deployer } = market);
        buyer = await market.wallet('buyer');
        item = await market.mintForSeller(0n);
        sale = saleOf(item);
        listing = await market.list(item, sale, acceptCoinsBody(), LIST_QUERY_ID);
        const { chain } = localnet;
        saleBalanceBeforeBuy = (await chain.blockchain.getContract(sale.address)).balance;
        await buyer.send([internal({ to: sale.address, value: PRICE + SALE_BUY_GAS })]);
        await chain.settle();
        // a second item put on sale, then taken back by the seller
        keptItem = await market.mintForSeller(1n);
        cancelled = saleOf(keptItem);
        await market.list(keptItem, cancelled, acceptCoinsBody(), LIST_QUERY_ID + 1n);
        await seller.send([
          internal({
            to: cancelled.address,
            value: CANCEL_VALUE,
            body: cancelSaleBody(CANCEL_QUERY_ID),
          }),
        ]);
        await chain.settle();
      },
    });
    actions = await storedActions(g.ds);
  });

  after(async () => {
    await g.close();
  });

  const raw = (a: Address): string => a.toRawString().toUpperCase();

  /** The actions of the trace that has an action of `type` to `destination`, in a fixed order. */
  function traceOf(type: string, destination: Address) {
    const trace = traceWith(actions, type, (a) => a.destination === raw(destination));
    assert.ok(trace, `one ${type} to ${raw(destination)}`);
    return trace;
  }

  /** nft_transfer_data of a transfer that is not a purchase. */
  const transferData = (over: Record<string, unknown>): Record<string, unknown> =>
    nftTransferData({ nft_item_index: '0', ...over });

  const noListing = { marketplace_fee_address: null, royalty_address: null };
  const emptyPayload = beginCell().endCell().toBoc().toString('base64');

  void it('the owner sends the item to the deployer, which deploys the sale and passes the item on: nft_put_on_sale', () => {
    const { rows } = traceOf('nft_put_on_sale', sale.address);
    const item_ = { asset: raw(collection.address), asset_secondary: raw(item) };
    const inSale = ['nft_put_on_sale'];
    assert.deepEqual(
      rows,
      byKey([
        // the sale's deployment by the deployer: toncenter keeps contract_deploy out of its parent
        row({
          type: 'call_contract',
          source: raw(deployer.address),
          destination: raw(sale.address),
          value: DEPLOYER_DEPLOY_VALUE.toString(),
          ancestor_type: inSale,
        }),
        row({
          type: 'contract_deploy',
          source: raw(deployer.address),
          destination: raw(sale.address),
          value: DEPLOYER_DEPLOY_VALUE.toString(),
        }),
        row({
          type: 'nft_put_on_sale',
          source: seller.raw,
          source_secondary: raw(deployer.address),
          destination: raw(sale.address),
          ...item_,
          details: {
            nft_listing_data: {
              nft_item_index: '0',
              full_price: PRICE.toString(),
              marketplace_fee: MARKETPLACE_FEE.toString(),
              royalty_amount: ROYALTY.toString(),
              marketplace_fee_address: marketplace.raw,
              marketplace: 'getgems',
              royalty_address: artist.raw,
              mp_fee_factor: null,
              mp_fee_base: null,
              royalty_fee_base: null,
              max_bid: null,
              min_bid: null,
            },
            nft_transfer_data: { marketplace_address: marketplace.raw },
          },
        }),
        ...deployerListingTransfers({
          seller: seller.raw,
          deployer: raw(deployer.address),
          contract: raw(sale.address),
          item: item_,
          itemIndex: '0',
          listing,
          queryId: LIST_QUERY_ID,
          listingType: 'nft_put_on_sale',
        }),
      ]),
    );
  });

  void it('a buyer pays full_price plus the buy gas: nft_purchase with the payout to the seller, fee and royalty apart', async () => {
    const { traceId, rows } = traceOf('nft_purchase', buyer.address);
    // buy(): the seller gets full_price less the fee and the royalty, plus what the sale held
    // before the buyer's TON came in (its balance less this transaction's storage fee)
    const [saleTx] = await g.ds.query<{ fee: string }[]>(
      `SELECT storage_fees_collected::text AS fee FROM transactions WHERE trace_id = $1 AND account = $2`,
      [traceId, raw(sale.address)],
    );
    assert.ok(saleTx);
    const payout = PRICE - MARKETPLACE_FEE - ROYALTY + saleBalanceBeforeBuy - BigInt(saleTx.fee);
    const bought = { asset: raw(collection.address), asset_secondary: raw(item) };
    // the sale's transfer: query_id 0 (an empty-body buy), 0.03 TON forward, the buyer answered
    const purchase = {
      query_id: '0',
      is_purchase: true,
      price: PRICE.toString(),
      nft_item_index: '0',
      forward_amount: SALE_BUYER_FORWARD.toString(),
      custom_payload: null,
      forward_payload: emptyPayload,
      response_destination: buyer.raw,
      marketplace: 'getgems',
      marketplace_address: marketplace.raw,
      real_prev_owner: seller.raw,
    };
    const payoutTo = (to: string, value: bigint, ancestors: string[] = []) =>
      row({
        type: 'ton_transfer',
        source: raw(sale.address),
        destination: to,
        value: value.toString(),
        ancestor_type: ancestors,
        details: { ton_transfer_data: { content: null, encrypted: false } },
      });
    assert.deepEqual(
      rows,
      byKey([
        // the item's ownership_assigned names the sale as the previous owner
        row({
          type: 'nft_purchase',
          source: raw(sale.address),
          destination: buyer.raw,
          ...bought,
          details: {
            nft_transfer_data: {
              ...purchase,
              payout_amount: payout.toString(),
              payout_comment_encrypted: false,
              payout_comment_encoded: false,
              payout_comment: null,
            },
          },
        }),
        row({
          type: 'nft_transfer',
          source: raw(sale.address),
          destination: buyer.raw,
          ...bought,
          ancestor_type: ['nft_purchase'],
          details: {
            nft_listing_data: noListing,
            nft_transfer_data: transferData(purchase),
          },
        }),
        payoutTo(artist.raw, ROYALTY),
        payoutTo(marketplace.raw, MARKETPLACE_FEE),
        payoutTo(seller.raw, payout, ['nft_purchase']),
      ]),
    );
  });

  void it('the seller takes the item back: nft_cancel_sale, the sale returning the item a plain transfer', () => {
    const { rows } = traceOf('nft_cancel_sale', cancelled.address);
    const kept = { asset: raw(collection.address), asset_secondary: raw(keptItem) };
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'nft_cancel_sale',
          source: seller.raw,
          destination: raw(cancelled.address),
          ...kept,
          details: { nft_transfer_data: { marketplace_address: marketplace.raw } },
        }),
        // toncenter's cancel block holds the cancel message alone
        row({
          type: 'call_contract',
          source: seller.raw,
          destination: raw(cancelled.address),
          value: CANCEL_VALUE.toString(),
          ancestor_type: ['nft_cancel_sale'],
        }),
        // v3r3 returns the item with the cancel's query id, no forward amount, the seller answered
        row({
          type: 'nft_transfer',
          source: raw(cancelled.address),
          destination: seller.raw,
          ...kept,
          details: {
            nft_listing_data: noListing,
            nft_transfer_data: transferData({
              query_id: CANCEL_QUERY_ID.toString(),
              nft_item_index: '1',
              forward_payload: emptyPayload,
              response_destination: seller.raw,
            }),
          },
        }),
      ]),
    );
  });
});
