import { type Address, type Cell, internal, toNano } from '@ton/core';
import { type LocalChain, NftCollection } from '@app/localnet';
import { type Deployable, listingTransferBody, saleDeployer } from './getgems-contracts';
import { SignedWallet } from './signed-wallet';

/** What the item forwards to the deployer with ownership_assigned (pays the deployment). */
export const LIST_FORWARD = toNano('0.2');
/** The TON the deployer deploys a sale or auction with (a constant of its code). */
export const DEPLOYER_DEPLOY_VALUE = toNano('0.02');

/**
 * The parties of getgems trades on a local chain, each a signed wallet deployed beforehand (so a
 * trade's trace holds only the trade): a seller, the marketplace (owner of getgems' deployer and fee
 * receiver), the artist (collection owner and royalty receiver), and a collection of the artist's.
 */
export class GetgemsMarket {
  private constructor(
    readonly chain: LocalChain,
    private readonly treasury: Address,
    readonly seller: SignedWallet,
    readonly marketplace: SignedWallet,
    readonly artist: SignedWallet,
    readonly collection: NftCollection,
    readonly deployer: Deployable,
  ) {}

  static async open(chain: LocalChain): Promise<GetgemsMarket> {
    const treasury = (await chain.blockchain.treasury('getgems-treasury')).address;
    const [seller, marketplace, artist] = await deployedWallets(chain, treasury, [
      'seller',
      'marketplace',
      'artist',
    ]);
    if (!seller || !marketplace || !artist) {
      throw new Error('three wallets expected');
    }
    const collection = await NftCollection.createFromConfig({
      owner: artist.address,
      collectionContentUri: 'https://example.invalid/getgems/collection.json',
      commonContentUri: 'https://example.invalid/getgems/',
      royalty: { numerator: 10, denominator: 100, destination: artist.address },
    });
    const deployer = saleDeployer(marketplace.address);
    await marketplace.send([
      internal({ to: deployer.address, value: toNano('0.1'), init: deployer.init, bounce: false }),
    ]);
    await artist.send([
      internal({
        to: collection.address,
        value: toNano('0.1'),
        init: collection.init,
        bounce: false,
      }),
    ]);
    await chain.settle();
    return new GetgemsMarket(chain, treasury, seller, marketplace, artist, collection, deployer);
  }

  /** Another deployed wallet (a buyer, a bidder). */
  async wallet(label: string): Promise<SignedWallet> {
    const [wallet] = await deployedWallets(this.chain, this.treasury, [label]);
    if (!wallet) {
      throw new Error(`no wallet ${label}`);
    }
    return wallet;
  }

  /** Item `index` of the collection, minted by the artist for the seller. */
  async mintForSeller(index: bigint): Promise<Address> {
    await this.artist.send([
      internal({
        to: this.collection.address,
        value: toNano('0.1'),
        body: NftCollection.deployItemBody({
          queryId: index,
          index,
          amount: toNano('0.06'),
          owner: this.seller.address,
          individualContent: `${index.toString()}.json`,
        }),
      }),
    ]);
    await this.chain.settle();
    return this.chain.blockchain.openContract(this.collection).getNftAddressByIndex(index);
  }

  /**
   * The seller lists `item`: sends it to the deployer with `contract`'s state init and the body to
   * deploy it with. Answers the seller's transfer body.
   */
  async list(item: Address, contract: Deployable, body: Cell, queryId: bigint): Promise<Cell> {
    const transfer = listingTransferBody({
      queryId,
      deployer: this.deployer.address,
      responseDestination: this.seller.address,
      forwardAmount: LIST_FORWARD,
      sale: contract.init,
      saleBody: body,
    });
    await this.seller.send([internal({ to: item, value: toNano('0.3'), body: transfer })]);
    await this.chain.settle();
    return transfer;
  }
}

/** Wallets funded by `treasury`, then deployed by an empty transfer of their own. */
async function deployedWallets(
  chain: LocalChain,
  treasury: Address,
  labels: readonly string[],
): Promise<SignedWallet[]> {
  const wallets = labels.map((label) =>
    SignedWallet.funded(chain, treasury, `getgems-${label}`, toNano('100')),
  );
  await chain.settle();
  for (const w of wallets) {
    await w.send([]);
  }
  await chain.settle();
  return wallets;
}
