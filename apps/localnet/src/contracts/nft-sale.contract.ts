import {
  type Address,
  beginCell,
  type Cell,
  type ContractProvider,
  type Sender,
  SendMode,
} from '@ton/core';

import { contractCode } from './compile-contract';
import { LocalContract, sendInternal } from './local-contract';

/** getgems fixed-price sale v3 magic, the first entry of get_sale_data ("FIXP"). */
export const FIX_PRICE_SALE_MAGIC = 0x46495850;

/** The TON a buyer sends on top of full_price for the sale's messages (the contract's buy_gas). */
export const SALE_BUY_GAS = 100_000_000n;

/** getgems sale operations. */
export const NftSaleOp = {
  topUp: 1,
  cancel: 3,
} as const;

export interface NftSaleConfig {
  readonly marketplace: Address;
  readonly nft: Address;
  readonly fullPrice: bigint;
  readonly marketplaceFeeAddress: Address;
  readonly marketplaceFee: bigint;
  readonly royaltyAddress: Address;
  readonly royaltyAmount: bigint;
  /** Unix time the sale was created (getgems stores it; part of the sale's address). */
  readonly createdAt: number;
}

/** Who a getgems fixed-price sale pays besides the seller, and how much. */
export type NftSaleFees = Pick<
  NftSaleConfig,
  'marketplaceFeeAddress' | 'marketplaceFee' | 'royaltyAddress' | 'royaltyAmount'
>;

/**
 * The fees cell of a getgems fixed-price sale's storage: marketplace_fee_address
 * marketplace_fee:Coins royalty_address royalty_amount:Coins.
 */
export function saleFeesCell(fees: NftSaleFees): Cell {
  return beginCell()
    .storeAddress(fees.marketplaceFeeAddress)
    .storeCoins(fees.marketplaceFee)
    .storeAddress(fees.royaltyAddress)
    .storeCoins(fees.royaltyAmount)
    .endCell();
}

/** get_sale_data of a getgems fixed-price sale v3. */
export interface NftSaleData {
  readonly magic: number;
  readonly isComplete: boolean;
  readonly createdAt: number;
  readonly marketplace: Address;
  readonly nft: Address;
  readonly owner: Address | null;
  readonly fullPrice: bigint;
  readonly marketplaceFeeAddress: Address;
  readonly marketplaceFee: bigint;
  readonly royaltyAddress: Address;
  readonly royaltyAmount: bigint;
}

/**
 * The local fixed-price NFT sale (FunC source in ./func/nft-sale.fc.ts). It is deployed by the seller
 * with the owner unset, and becomes active when the item is transferred to it with a forward amount
 * (the item's ownership_assigned names the seller), as getgems' sales do.
 */
export class NftSale extends LocalContract {
  /**
   * Storage: is_complete:uint1 created_at:uint32 marketplace_address nft_address nft_owner_address
   * (addr_none) full_price:Coins fees:^(marketplace_fee_address marketplace_fee:Coins royalty_address
   * royalty_amount:Coins).
   */
  static async createFromConfig(config: NftSaleConfig, workchain = 0): Promise<NftSale> {
    const code = await contractCode('nft-sale');
    const data = beginCell()
      .storeUint(0, 1)
      .storeUint(config.createdAt, 32)
      .storeAddress(config.marketplace)
      .storeAddress(config.nft)
      .storeAddress(null)
      .storeCoins(config.fullPrice)
      .storeRef(saleFeesCell(config))
      .endCell();
    return NftSale.fromInit(code, data, workchain);
  }

  /** cancel#00000003 query_id:uint64 (getgems). */
  static cancelBody(queryId = 0n): Cell {
    return beginCell().storeUint(NftSaleOp.cancel, 32).storeUint(queryId, 64).endCell();
  }

  /** Deploys with no body and non-bounceable (the base deploy is bounceable, with an empty body). */
  override async sendDeploy(provider: ContractProvider, via: Sender, value: bigint): Promise<void> {
    await provider.internal(via, { value, sendMode: SendMode.PAY_GAS_SEPARATELY, bounce: false });
  }

  async sendCancel(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    queryId = 0n,
  ): Promise<void> {
    await sendInternal(provider, via, value, NftSale.cancelBody(queryId));
  }

  async getSaleData(provider: ContractProvider): Promise<NftSaleData> {
    const { stack } = await provider.get('get_sale_data', []);
    return {
      magic: stack.readNumber(),
      isComplete: stack.readBigNumber() !== 0n,
      createdAt: stack.readNumber(),
      marketplace: stack.readAddress(),
      nft: stack.readAddress(),
      owner: stack.readAddressOpt(),
      fullPrice: stack.readBigNumber(),
      marketplaceFeeAddress: stack.readAddress(),
      marketplaceFee: stack.readBigNumber(),
      royaltyAddress: stack.readAddress(),
      royaltyAmount: stack.readBigNumber(),
    };
  }
}
