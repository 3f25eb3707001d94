import { type Address, internal, toNano } from '@ton/core';
import { NftCollection, NftItem, textComment } from '../../contracts';
import type { SeedAccount, SeedContext } from '../seed-context';
import { GENESIS, GenesisAccount } from './genesis-values';
import { pay, settleAndCheckSeqnos, expectValue } from './genesis-step';
import { type GenesisWallets } from './genesis-wallets';

/** Collection (owner v4r2) deployed with item 0 for v4r2, item 1 minted for v5r1, item 0 sent to v3r2. */
export async function genesisNft(
  ctx: SeedContext,
  { v3, v4, v5, all: wallets }: GenesisWallets,
): Promise<SeedAccount[]> {
  const n = GENESIS.nft;
  const collection = await NftCollection.createFromConfig({
    owner: v4.address,
    collectionContentUri: n.collectionContentUri,
    commonContentUri: n.commonContentUri,
    royalty: { ...n.royalty, destination: v4.address },
  });
  const deployItem = (index: bigint, owner: Address) =>
    NftCollection.deployItemBody({
      queryId: 10n + index,
      index,
      amount: toNano('0.06'),
      owner,
      individualContent: `${index.toString()}.json`,
    });
  v4.transfer(ctx, [
    internal({
      to: collection.address,
      value: toNano('0.2'),
      init: collection.init,
      body: deployItem(0n, v4.address),
    }),
  ]);
  await settleAndCheckSeqnos(ctx, wallets);
  v4.transfer(ctx, [pay(collection.address, toNano('0.1'), deployItem(1n, v5.address), true)]);
  await settleAndCheckSeqnos(ctx, wallets);

  const opened = ctx.blockchain.openContract(collection);
  const item0 = await opened.getNftAddressByIndex(0n);
  const item1 = await opened.getNftAddressByIndex(1n);
  const transfer = NftItem.transferBody({
    queryId: 20n,
    newOwner: v3.address,
    responseDestination: v4.address,
    forwardAmount: toNano('0.01'),
    forwardPayload: textComment(GENESIS.comments.nftForward),
  });
  v4.transfer(ctx, [pay(item0, toNano('0.05'), transfer, true)]);
  await settleAndCheckSeqnos(ctx, wallets);

  const owners: [Address, Address][] = [
    [item0, v3.address],
    [item1, v5.address],
  ];
  for (const [item, owner] of owners) {
    const data = await ctx.blockchain.openContract(NftItem.createFromAddress(item)).getNftData();
    expectValue(
      `owner of NFT ${item.toRawString()}`,
      data.owner?.toRawString(),
      owner.toRawString(),
    );
  }
  return [
    {
      name: GenesisAccount.nftCollection,
      kind: 'nft-collection',
      address: collection.address,
      owner: v4.address,
    },
    {
      name: GenesisAccount.nftItem0,
      kind: 'nft-item',
      address: item0,
      owner: v3.address,
      index: 0n,
    },
    {
      name: GenesisAccount.nftItem1,
      kind: 'nft-item',
      address: item1,
      owner: v5.address,
      index: 1n,
    },
  ];
}
