import { type Address, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { NftCollection } from './nft-collection.contract';
import { NftItem } from './nft-item.contract';

/**
 * A sandbox with a collection and the parties of a marketplace deal, for the sale and auction specs
 * (test support: nothing the local network runs reads this file). Items are minted for the seller and
 * listed by transferring them to a sale or auction with a forward amount, so that the item's
 * ownership_assigned names the seller, as getgems' contracts expect.
 */
export interface NftMarket {
  readonly blockchain: Blockchain;
  readonly marketplace: SandboxContract<TreasuryContract>;
  readonly artist: SandboxContract<TreasuryContract>;
  readonly seller: SandboxContract<TreasuryContract>;
  readonly buyer: SandboxContract<TreasuryContract>;
  readonly collection: SandboxContract<NftCollection>;
}

/** Unix time of the market's sandbox when it is created. */
export const MARKET_NOW = 1_800_000_100;

/** A fresh sandbox whose treasuries are named after `name` (so each spec has its own addresses). */
export async function nftMarket(name: string): Promise<NftMarket> {
  const blockchain = await Blockchain.create();
  blockchain.now = MARKET_NOW;
  const marketplace = await blockchain.treasury(`${name}-marketplace`);
  const artist = await blockchain.treasury(`${name}-artist`);
  const seller = await blockchain.treasury(`${name}-seller`);
  const buyer = await blockchain.treasury(`${name}-buyer`);
  const collection = blockchain.openContract(
    await NftCollection.createFromConfig({
      owner: artist.address,
      collectionContentUri: 'https://example.invalid/c.json',
      commonContentUri: 'https://example.invalid/items/',
      royalty: { numerator: 5, denominator: 100, destination: artist.address },
    }),
  );
  await collection.sendDeploy(artist.getSender(), toNano('0.1'));
  return { blockchain, marketplace, artist, seller, buyer, collection };
}

/** Item `index` of the collection, minted for the seller. */
export async function mintForSeller(
  market: NftMarket,
  index: bigint,
): Promise<SandboxContract<NftItem>> {
  await market.collection.sendDeployItem(market.artist.getSender(), toNano('0.1'), {
    index,
    amount: toNano('0.06'),
    owner: market.seller.address,
    individualContent: `${index.toString()}.json`,
  });
  return market.blockchain.openContract(
    NftItem.createFromAddress(await market.collection.getNftAddressByIndex(index)),
  );
}

/** The seller hands the item to a sale or auction contract, which its ownership_assigned activates. */
export async function handOver(
  market: NftMarket,
  item: SandboxContract<NftItem>,
  to: Address,
): Promise<void> {
  await item.sendTransfer(market.seller.getSender(), toNano('0.1'), {
    queryId: 7n,
    newOwner: to,
    responseDestination: market.seller.address,
    forwardAmount: toNano('0.02'),
  });
}
