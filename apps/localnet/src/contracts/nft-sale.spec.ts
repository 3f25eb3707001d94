import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { type Address, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { NftCollection } from './nft-collection.contract';
import { NftItem } from './nft-item.contract';
import { FIX_PRICE_SALE_MAGIC, NftSale, SALE_BUY_GAS } from './nft-sale.contract';
import { exitCode, inboundValue, succeeded, transactionTo } from './sandbox-transactions';
import { JETTON, NFT } from '@app/ton';

const PRICE = toNano('2');
const FEE = toNano('0.1');
const ROYALTY = toNano('0.15');

void describe('NFT fixed-price sale (getgems v3 form)', () => {
  let blockchain: Blockchain;
  let marketplace: SandboxContract<TreasuryContract>;
  let artist: SandboxContract<TreasuryContract>;
  let seller: SandboxContract<TreasuryContract>;
  let buyer: SandboxContract<TreasuryContract>;
  let collection: SandboxContract<NftCollection>;

  /** Item `index` minted for the seller, a sale for it deployed, and the item sent to the sale. */
  async function listed(index: bigint): Promise<{
    item: SandboxContract<NftItem>;
    sale: SandboxContract<NftSale>;
  }> {
    await collection.sendDeployItem(artist.getSender(), toNano('0.1'), {
      index,
      amount: toNano('0.06'),
      owner: seller.address,
      individualContent: `${index.toString()}.json`,
    });
    const item = blockchain.openContract(
      NftItem.createFromAddress(await collection.getNftAddressByIndex(index)),
    );
    const sale = blockchain.openContract(
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
    await item.sendTransfer(seller.getSender(), toNano('0.1'), {
      queryId: 7n,
      newOwner: sale.address,
      responseDestination: seller.address,
      forwardAmount: toNano('0.02'),
    });
    return { item, sale };
  }

  const raw = (a: Address | null | undefined): string | undefined => a?.toRawString();

  before(async () => {
    blockchain = await Blockchain.create();
    blockchain.now = 1_800_000_100;
    marketplace = await blockchain.treasury('sale-marketplace');
    artist = await blockchain.treasury('sale-artist');
    seller = await blockchain.treasury('sale-seller');
    buyer = await blockchain.treasury('sale-buyer');
    collection = blockchain.openContract(
      await NftCollection.createFromConfig({
        owner: artist.address,
        collectionContentUri: 'https://example.invalid/c.json',
        commonContentUri: 'https://example.invalid/items/',
        royalty: { numerator: 5, denominator: 100, destination: artist.address },
      }),
    );
    await collection.sendDeploy(artist.getSender(), toNano('0.1'));
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
});
