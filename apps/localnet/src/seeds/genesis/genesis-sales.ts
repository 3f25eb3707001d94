import { type Address, internal, toNano } from '@ton/core';
import { NftCollection, NftItem, NftSale, SALE_BUY_GAS } from '../../contracts';
import type { SeedAccount, SeedContext } from '../seed-context';
import { GENESIS, GenesisAccount } from './genesis-values';
import { pay, settleAndCheckSeqnos, expectValue } from './genesis-step';
import { type GenesisWallets } from './genesis-wallets';

/**
 * v4r2 mints items 2 and 3 for v5r1; v5r1 deploys a fixed-price sale for each and transfers both
 * items to them with a forward amount (the item's ownership_assigned activates the sale with v5r1 as
 * the seller, as getgems' sales are put on sale); v3r2 then buys item 3. Item 2 stays on sale.
 */
export async function genesisSales(
  ctx: SeedContext,
  marketplace: Address,
  { v3, v4, v5, all: wallets }: GenesisWallets,
): Promise<SeedAccount[]> {
  const s = GENESIS.sale;
  const collection = ctx.blockchain.openContract(
    await NftCollection.createFromConfig({
      owner: v4.address,
      collectionContentUri: GENESIS.nft.collectionContentUri,
      commonContentUri: GENESIS.nft.commonContentUri,
      royalty: { ...GENESIS.nft.royalty, destination: v4.address },
    }),
  );
  const indexes = [2n, 3n];
  v4.transfer(
    ctx,
    indexes.map((index) =>
      pay(
        collection.address,
        toNano('0.1'),
        NftCollection.deployItemBody({
          queryId: 10n + index,
          index,
          amount: toNano('0.06'),
          owner: v5.address,
          individualContent: `${index.toString()}.json`,
        }),
        true,
      ),
    ),
  );
  await settleAndCheckSeqnos(ctx, wallets);
  const lots = await Promise.all(
    indexes.map(async (index) => {
      const item = await collection.getNftAddressByIndex(index);
      const sale = await NftSale.createFromConfig({
        marketplace,
        nft: item,
        fullPrice: s.fullPrice,
        marketplaceFeeAddress: marketplace,
        marketplaceFee: s.marketplaceFee,
        royaltyAddress: v4.address,
        royaltyAmount: s.royaltyAmount,
        createdAt: s.createdAt,
      });
      return { index, item, sale };
    }),
  );
  const [listed, sold] = lots;
  if (listed === undefined || sold === undefined) {
    throw new Error('genesis seed: two sales expected');
  }
  v5.transfer(
    ctx,
    lots.map(({ sale }) =>
      internal({ to: sale.address, value: toNano('0.05'), init: sale.init, bounce: false }),
    ),
  );
  await settleAndCheckSeqnos(ctx, wallets);
  v5.transfer(
    ctx,
    lots.map(({ item, sale }, i) => {
      const transfer = NftItem.transferBody({
        queryId: s.listQueryId + BigInt(i),
        newOwner: sale.address,
        responseDestination: v5.address,
        forwardAmount: toNano('0.02'),
      });
      return pay(item, toNano('0.1'), transfer, true);
    }),
  );
  await settleAndCheckSeqnos(ctx, wallets);
  v3.transfer(ctx, [pay(sold.sale.address, s.fullPrice + SALE_BUY_GAS, null, true)]);
  await settleAndCheckSeqnos(ctx, wallets);

  const outcomes = [
    { lot: listed, owner: listed.sale.address, complete: false },
    { lot: sold, owner: v3.address, complete: true },
  ];
  for (const { lot, owner, complete } of outcomes) {
    const item = await ctx.blockchain
      .openContract(NftItem.createFromAddress(lot.item))
      .getNftData();
    expectValue(
      `owner of NFT ${lot.item.toRawString()}`,
      item.owner?.toRawString(),
      owner.toRawString(),
    );
    const sale = await ctx.blockchain.openContract(lot.sale).getSaleData();
    const where = `sale ${lot.sale.address.toRawString()}`;
    expectValue(`completion of ${where}`, sale.isComplete, complete);
    expectValue(`seller of ${where}`, sale.owner?.toRawString(), v5.address.toRawString());
  }
  return [
    ...outcomes.map(({ lot, owner }, i): SeedAccount => ({
      name: i === 0 ? GenesisAccount.nftItem2 : GenesisAccount.nftItem3,
      kind: 'nft-item',
      address: lot.item,
      owner,
      index: lot.index,
    })),
    ...lots.map(({ sale }, i): SeedAccount => ({
      name: i === 0 ? GenesisAccount.nftSaleListed : GenesisAccount.nftSaleSold,
      kind: 'nft-sale',
      address: sale.address,
      owner: v5.address,
    })),
  ];
}
