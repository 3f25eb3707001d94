import { type Address, beginCell, type Cell, type ContractProvider, type Sender } from '@ton/core';

import { contractCode } from './compile-contract';
import { LocalContract, sendInternal } from './local-contract';
import { offchainContent, snakeText } from './tep64-content';
import { NftCollectionOp } from './op-codes';

/** TEP-66 royalty: numerator/denominator of each sale, paid to destination. */
export interface RoyaltyParams {
  readonly numerator: number;
  readonly denominator: number;
  readonly destination: Address;
}

export interface NftCollectionConfig {
  readonly owner: Address;
  readonly nextItemIndex?: bigint;
  /** URI of the collection's TEP-64 off-chain metadata. */
  readonly collectionContentUri: string;
  /** Prefix of every item's URI; an item stores only its suffix. */
  readonly commonContentUri: string;
  readonly royalty: RoyaltyParams;
}

/** TEP-62 get_collection_data. */
export interface NftCollectionData {
  readonly nextItemIndex: bigint;
  readonly content: Cell;
  readonly owner: Address;
}

export interface DeployItemArgs {
  readonly queryId?: bigint;
  readonly index: bigint;
  /** TON the collection attaches to the item's deploy message. */
  readonly amount: bigint;
  readonly owner: Address;
  /** The item's URI suffix (its individual content). */
  readonly individualContent: string;
}

/** The local TEP-62 NFT collection (FunC source in ./func/nft.fc.ts). */
export class NftCollection extends LocalContract {
  /**
   * Collection data: owner_address next_item_index:uint64 content:^(collection_content:^Cell
   * common_content:^Cell) nft_item_code:^Cell royalty_params:^(numerator:uint16 denominator:uint16
   * destination:MsgAddress).
   */
  static async createFromConfig(
    config: NftCollectionConfig,
    workchain = 0,
  ): Promise<NftCollection> {
    const [code, itemCode] = await Promise.all([
      contractCode('nft-collection'),
      contractCode('nft-item'),
    ]);
    const content = beginCell()
      .storeRef(offchainContent(config.collectionContentUri))
      .storeRef(snakeText(config.commonContentUri))
      .endCell();
    const royalty = beginCell()
      .storeUint(config.royalty.numerator, 16)
      .storeUint(config.royalty.denominator, 16)
      .storeAddress(config.royalty.destination)
      .endCell();
    const data = beginCell()
      .storeAddress(config.owner)
      .storeUint(config.nextItemIndex ?? 0n, 64)
      .storeRef(content)
      .storeRef(itemCode)
      .storeRef(royalty)
      .endCell();
    return NftCollection.fromInit(code, data, workchain);
  }

  /** deploy#00000001 query_id:uint64 item_index:uint64 amount:Coins content:^(owner:MsgAddress ^Cell). */
  static deployItemBody(args: DeployItemArgs): Cell {
    const itemContent = beginCell()
      .storeAddress(args.owner)
      .storeRef(snakeText(args.individualContent))
      .endCell();
    return beginCell()
      .storeUint(NftCollectionOp.deployItem, 32)
      .storeUint(args.queryId ?? 0n, 64)
      .storeUint(args.index, 64)
      .storeCoins(args.amount)
      .storeRef(itemContent)
      .endCell();
  }

  async sendDeployItem(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    args: DeployItemArgs,
  ): Promise<void> {
    await sendInternal(provider, via, value, NftCollection.deployItemBody(args));
  }

  async getCollectionData(provider: ContractProvider): Promise<NftCollectionData> {
    const { stack } = await provider.get('get_collection_data', []);
    return {
      nextItemIndex: stack.readBigNumber(),
      content: stack.readCell(),
      owner: stack.readAddress(),
    };
  }

  async getNftAddressByIndex(provider: ContractProvider, index: bigint): Promise<Address> {
    const { stack } = await provider.get('get_nft_address_by_index', [
      { type: 'int', value: index },
    ]);
    return stack.readAddress();
  }

  async getNftContent(
    provider: ContractProvider,
    index: bigint,
    individualContent: Cell,
  ): Promise<Cell> {
    const { stack } = await provider.get('get_nft_content', [
      { type: 'int', value: index },
      { type: 'cell', cell: individualContent },
    ]);
    return stack.readCell();
  }

  async getRoyaltyParams(provider: ContractProvider): Promise<RoyaltyParams> {
    const { stack } = await provider.get('royalty_params', []);
    return {
      numerator: stack.readNumber(),
      denominator: stack.readNumber(),
      destination: stack.readAddress(),
    };
  }
}
