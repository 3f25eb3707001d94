import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { type Address, toNano } from '@ton/core';
import { type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { type NftItem } from './nft-item.contract';
import { handOver, mintForSeller, type NftMarket, nftMarket } from './nft-market.testing';
import { FIX_PRICE_SALE_MAGIC, NftSale, SALE_BUY_GAS } from './nft-sale.contract';
import { actionLines, classifySandboxTrace, rawUpper } from './classified-sandbox-trace';
import { exitCode, inboundValue, succeeded, transactionTo } from './sandbox-transactions';
import { JETTON, NFT } from '@app/ton';

const PRICE = toNano('2');
const FEE = toNano('0.1');
const ROYALTY = toNano('0.15');

void describe('NFT fixed-price sale (getgems v3 form)', () => {
  let market: NftMarket;
  let marketplace: SandboxContract<TreasuryContract>;
  let artist: SandboxContract<TreasuryContract>;
  let seller: SandboxContract<TreasuryContract>;
  let buyer: SandboxContract<TreasuryContract>;

  /** Item `index` minted for the seller, a sale for it deployed, and the item sent to the sale. */
  async function listed(index: bigint): Promise<{
    item: SandboxContract<NftItem>;
    sale: SandboxContract<NftSale>;
  }> {
    const item = await mintForSeller(market, index);
    const sale = market.blockchain.openContract(
      await NftSale.createFromConfig({
        marketplace: marketplace.address,
        nft: item.address,
        fullPrice: PRICE,
        marketplaceFeeAddress: marketplace.address,
        marketplaceFee: FEE,
        royaltyAddress: artist.address,
        royaltyAmount: ROYALTY,
        createdAt: 1_800_000_000,
      }),
    );
    await sale.sendDeploy(seller.getSender(), toNano('0.05'));
    const pending = await sale.getSaleData();
    assert.equal(pending.owner, null);
    await handOver(market, item, sale.address);
    return { item, sale };
  }

  const raw = (a: Address | null | undefined): string | undefined => a?.toRawString();

  before(async () => {
    market = await nftMarket('sale');
    ({ marketplace, artist, seller, buyer } = market);
  });

  void it('activates on the item’s ownership_assigned and answers get_sale_data in the v3 form', async () => {
    const { item, sale } = await listed(0n);
    assert.equal(raw((await item.getNftData()).owner), sale.address.toRawString());
    const data = await sale.getSaleData();
    assert.deepEqual(
      {
        ...data,
        marketplace: raw(data.marketplace),
        nft: raw(data.nft),
        owner: raw(data.owner),
        marketplaceFeeAddress: raw(data.marketplaceFeeAddress),
        royaltyAddress: raw(data.royaltyAddress),
      },
      {
        magic: FIX_PRICE_SALE_MAGIC,
        isComplete: false,
        createdAt: 1_800_000_000,
        marketplace: marketplace.address.toRawString(),
        nft: item.address.toRawString(),
        owner: seller.address.toRawString(),
        fullPrice: PRICE,
        marketplaceFeeAddress: marketplace.address.toRawString(),
        marketplaceFee: FEE,
        royaltyAddress: artist.address.toRawString(),
        royaltyAmount: ROYALTY,
      },
    );
  });

  void it('a buy pays the fee, the royalty and the seller, then moves the item to the buyer', async () => {
    const { item, sale } = await listed(1n);
    const refused = await buyer.send({ to: sale.address, value: PRICE + SALE_BUY_GAS - 1n });
    assert.equal(exitCode(transactionTo(refused.transactions, sale.address) ?? assert.fail()), 450);

    const result = await buyer.send({ to: sale.address, value: PRICE + SALE_BUY_GAS });
    const paid = (to: Address): bigint =>
      inboundValue(transactionTo(result.transactions, to) ?? assert.fail(to.toRawString()));
    assert.equal(paid(marketplace.address), FEE);
    assert.equal(paid(artist.address), ROYALTY);
    assert.equal(paid(seller.address), PRICE - FEE - ROYALTY);
    const moved = transactionTo(result.transactions, item.address, NFT.transfer.opcode);
    assert.ok(moved !== undefined && succeeded(moved));
    assert.ok(
      transactionTo(result.transactions, buyer.address, JETTON.excess.opcode) !== undefined,
    );
    assert.equal(raw((await item.getNftData()).owner), buyer.address.toRawString());
    const data = await sale.getSaleData();
    assert.deepEqual([data.isComplete, raw(data.owner)], [true, seller.address.toRawString()]);

    const again = await buyer.send({ to: sale.address, value: PRICE + SALE_BUY_GAS });
    assert.equal(exitCode(transactionTo(again.transactions, sale.address) ?? assert.fail()), 404);
  });

  void it('only the seller (or the marketplace) cancels; the item goes back to the seller', async () => {
    const { item, sale } = await listed(2n);
    const stranger = await sale.sendCancel(buyer.getSender(), toNano('0.1'), 9n);
    assert.equal(
      exitCode(transactionTo(stranger.transactions, sale.address) ?? assert.fail()),
      458,
    );
    const result = await sale.sendCancel(seller.getSender(), toNano('0.1'), 9n);
    const moved = transactionTo(result.transactions, item.address, NFT.transfer.opcode);
    assert.ok(moved !== undefined && succeeded(moved));
    assert.equal(raw((await item.getNftData()).owner), seller.address.toRawString());
    assert.equal((await sale.getSaleData()).isComplete, true);
  });

  // ton-indexer's NftTransferBlockMatcher and GetgemsNftPurchaseBlockMatcher
  // (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/nft.py): the
  // buyer's plain transfer to a getgems sale, then the sale's item transfer to the buyer, is a
  // purchase; its price, seller and marketplace come from the sale's get_sale_data and its payout is
  // the sale's transfer to the seller. The fee and the royalty stay plain transfers.
  void it('a buy is classified as one nft_purchase with the sale’s price, seller and payout', async () => {
    const { item, sale } = await listed(3n);
    const result = await buyer.send({ to: sale.address, value: PRICE + SALE_BUY_GAS });
    const payout = inboundValue(
      transactionTo(result.transactions, seller.address) ?? assert.fail(),
    );
    const { actions, error } = await classifySandboxTrace(market.blockchain, result.transactions);
    assert.equal(error, undefined);
    const saleAt = rawUpper(sale.address);
    assert.deepEqual(actionLines(actions), [
      ['nft_purchase', '', saleAt, rawUpper(buyer.address), null],
      ['nft_transfer', 'nft_purchase', saleAt, rawUpper(buyer.address), null],
      ['ton_transfer', 'nft_purchase', saleAt, rawUpper(seller.address), payout],
      ['ton_transfer', '', saleAt, rawUpper(marketplace.address), FEE],
      ['ton_transfer', '', saleAt, rawUpper(artist.address), ROYALTY],
    ]);
    const purchase = actions[0] ?? assert.fail();
    const data = purchase.nft_transfer_data ?? assert.fail();
    assert.deepEqual(
      {
        success: purchase.success,
        asset: purchase.asset,
        asset_secondary: purchase.asset_secondary,
        is_purchase: data.is_purchase,
        price: data.price,
        nft_item_index: data.nft_item_index,
        marketplace: data.marketplace,
        marketplace_address: data.marketplace_address,
        real_prev_owner: data.real_prev_owner,
        payout_amount: data.payout_amount,
        response_destination: data.response_destination,
      },
      {
        success: true,
        asset: rawUpper(market.collection.address),
        asset_secondary: rawUpper(item.address),
        is_purchase: true,
        price: PRICE,
        nft_item_index: 3n,
        marketplace: 'getgems',
        marketplace_address: rawUpper(marketplace.address),
        real_prev_owner: rawUpper(seller.address),
        payout_amount: payout,
        response_destination: rawUpper(buyer.address),
      },
    );
  });
});
