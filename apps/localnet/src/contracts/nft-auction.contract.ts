import { type Address, beginCell, type ContractProvider, type Sender, SendMode } from '@ton/core';

import { contractCode } from './compile-contract';
import { LocalContract, sendInternal } from './local-contract';
import { textComment } from './tep64-content';

/** getgems auction magic, the first entry of a v1-v3 auction's get_sale_data ("AUC"). */
export const AUCTION_MAGIC = 0x415543;

/** The comment of the refund an outbid bidder gets (getgems' auctions). */
export const OUTBID_COMMENT = 'Your bid has been outbid by another user.';

/** A fee as a fraction of the winning bid: factor / base. */
export interface FeeShare {
  readonly address: Address;
  readonly factor: number;
  readonly base: number;
}

export interface NftAuctionConfig {
  readonly marketplace: Address;
  readonly nft: Address;
  readonly marketplaceFee: FeeShare;
  readonly royalty: FeeShare;
  readonly minBid: bigint;
  /** The buyout price: a bid of at least this ends the auction at once (0: none). */
  readonly maxBid: bigint;
  readonly minStep: bigint;
  /** A bid less than this before end_time moves end_time to the bid's time plus this. */
  readonly stepTime: number;
  readonly endTime: number;
  readonly createdAt: number;
}

/** get_sale_data of a getgems auction v1-v3 (20 entries). */
export interface NftAuctionData {
  readonly magic: number;
  readonly end: boolean;
  readonly endTime: number;
  readonly marketplace: Address;
  readonly nft: Address;
  readonly nftOwner: Address | null;
  readonly lastBid: bigint;
  readonly lastMember: Address | null;
  readonly minStep: bigint;
  readonly marketplaceFeeAddress: Address;
  readonly marketplaceFeeFactor: bigint;
  readonly marketplaceFeeBase: bigint;
  readonly royaltyAddress: Address;
  readonly royaltyFactor: bigint;
  readonly royaltyBase: bigint;
  readonly maxBid: bigint;
  readonly minBid: bigint;
  readonly createdAt: number;
  readonly lastBidAt: number;
  readonly isCanceled: boolean;
}

/** The text commands getgems' auctions take (a comment: op 0, then the text). */
export type AuctionCommand = 'cancel' | 'stop' | 'finish';

/**
 * The local NFT auction (FunC source in ./func/nft-auction.fc.ts). Deployed by the seller, activated
 * when the item is transferred to it with a forward amount; bids are plain TON transfers.
 */
export class NftAuction extends LocalContract {
  /** The storage layout is the one the FunC source documents. */
  static async createFromConfig(config: NftAuctionConfig, workchain = 0): Promise<NftAuction> {
    const code = await contractCode('nft-auction');
    const fees = beginCell()
      .storeAddress(config.marketplaceFee.address)
      .storeUint(config.marketplaceFee.factor, 32)
      .storeUint(config.marketplaceFee.base, 32)
      .storeAddress(config.royalty.address)
      .storeUint(config.royalty.factor, 32)
      .storeUint(config.royalty.base, 32)
      .endCell();
    const bids = beginCell()
      .storeCoins(config.minBid)
      .storeCoins(config.maxBid)
      .storeCoins(config.minStep)
      .storeUint(config.stepTime, 32)
      .endCell();
    const constants = beginCell()
      .storeAddress(config.marketplace)
      .storeAddress(config.nft)
      .storeUint(config.createdAt, 32)
      .storeRef(fees)
      .storeRef(bids)
      .endCell();
    const data = beginCell()
      .storeUint(0, 3) // end, activated, is_canceled
      .storeAddress(null)
      .storeCoins(0)
      .storeUint(0, 32)
      .storeUint(config.endTime, 32)
      .storeAddress(null)
      .storeRef(constants)
      .endCell();
    return NftAuction.fromInit(code, data, workchain);
  }

  /** A bid: a plain transfer of the bid's value. */
  async sendBid(provider: ContractProvider, via: Sender, value: bigint): Promise<void> {
    await provider.internal(via, { value, sendMode: SendMode.PAY_GAS_SEPARATELY });
  }

  async sendCommand(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    command: AuctionCommand,
  ): Promise<void> {
    await sendInternal(provider, via, value, textComment(command));
  }

  async getSaleData(provider: ContractProvider): Promise<NftAuctionData> {
    const { stack } = await provider.get('get_sale_data', []);
    return {
      magic: stack.readNumber(),
      end: stack.readBigNumber() !== 0n,
      endTime: stack.readNumber(),
      marketplace: stack.readAddress(),
      nft: stack.readAddress(),
      nftOwner: stack.readAddressOpt(),
      lastBid: stack.readBigNumber(),
      lastMember: stack.readAddressOpt(),
      minStep: stack.readBigNumber(),
      marketplaceFeeAddress: stack.readAddress(),
      marketplaceFeeFactor: stack.readBigNumber(),
      marketplaceFeeBase: stack.readBigNumber(),
      royaltyAddress: stack.readAddress(),
      royaltyFactor: stack.readBigNumber(),
      royaltyBase: stack.readBigNumber(),
      maxBid: stack.readBigNumber(),
      minBid: stack.readBigNumber(),
      createdAt: stack.readNumber(),
      lastBidAt: stack.readNumber(),
      isCanceled: stack.readBigNumber() !== 0n,
    };
  }
}
