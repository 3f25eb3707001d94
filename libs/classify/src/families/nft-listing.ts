/**
 * getgems listings (toncenter `blocks/auction.py`): putting an item on a fixed-price sale or an auction
 * (`NftPutOnSaleBlockMatcher`). Changing, cancelling and finishing them: nft-listing-close.ts.
 */
import type { ActionRow } from '../action';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  GenericMatcher,
  getLabeled,
  labeled,
} from '../core/matchers';
import { auctionInitData, saleInitData } from '../tlb/getgems';
import { NftTransferBlock } from './nft';

/** Two addresses are the same account; an absent one is no account (toncenter's comparison throws). */
export const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.toUpperCase() === b.toUpperCase();

export interface NftPutOnSaleData {
  nft_address: string;
  nft_index: bigint | null;
  nft_collection: string | null;
  owner: string | null;
  listing_address: string | null;
  sale_address: string;
  full_price: bigint;
  marketplace_address: string | null;
  marketplace: string;
  marketplace_fee_address: string | null;
  marketplace_fee: bigint | null;
  royalty_address: string | null;
  royalty_amount: bigint | null;
}

/** `nft_put_on_sale` (toncenter `_fill_nft_put_on_sale_action`). */
export class NftPutOnSaleBlock extends Block {
  constructor(readonly data: NftPutOnSaleData) {
    super('nft_put_on_sale', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.owner;
    action.source_secondary = d.listing_address;
    action.destination = d.sale_address;
    action.asset = d.nft_collection;
    action.asset_secondary = d.nft_address;
    action.nft_transfer_data = { marketplace_address: d.marketplace_address };
    action.nft_listing_data = {
      nft_item_index: d.nft_index,
      full_price: d.full_price,
      marketplace_fee: d.marketplace_fee,
      royalty_amount: d.royalty_amount,
      marketplace_fee_address: d.marketplace_fee_address,
      marketplace: d.marketplace,
      royalty_address: d.royalty_address,
      mp_fee_factor: null,
      mp_fee_base: null,
      royalty_fee_base: null,
      max_bid: null,
      min_bid: null,
    };
  }
}

export interface NftPutOnAuctionData {
  nft_address: string;
  nft_index: bigint | null;
  nft_collection: string | null;
  owner: string | null;
  listing_address: string | null;
  auction_address: string | null;
  marketplace_address: string | null;
  marketplace: string;
  mp_fee_address: string | null;
  mp_fee_factor: bigint | null;
  mp_fee_base: bigint | null;
  royalty_fee_addr: string | null;
  royalty_fee_base: bigint | null;
  max_bid: bigint | null;
  min_bid: bigint | null;
}

/**
 * `nft_put_on_auction`, and with type `teleitem_start_auction` a Telemint item's own auction (toncenter
 * `_fill_nft_put_on_auction_action`).
 */
export class NftPutOnAuctionBlock extends Block {
  constructor(
    readonly data: NftPutOnAuctionData,
    type: 'nft_put_on_auction' | 'teleitem_start_auction' = 'nft_put_on_auction',
  ) {
    super(type, []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.owner;
    action.source_secondary = d.listing_address;
    action.destination = d.auction_address;
    action.asset = d.nft_collection;
    action.asset_secondary = d.nft_address;
    action.nft_transfer_data = { marketplace_address: d.marketplace_address };
    action.nft_listing_data = {
      nft_item_index: d.nft_index,
      mp_fee_factor: d.mp_fee_factor,
      mp_fee_base: d.mp_fee_base,
      royalty_fee_base: d.royalty_fee_base,
      max_bid: d.max_bid,
      min_bid: d.min_bid,
      marketplace_fee_address: d.mp_fee_address,
      marketplace: d.marketplace,
      royalty_address: d.royalty_fee_addr,
      full_price: null,
      marketplace_fee: null,
      royalty_amount: null,
    };
  }
}

/**
 * The owner's transfer of an item to a marketplace ("listing") contract, which deploys a getgems sale
 * or auction (a TON transfer or call with a deployment) and passes the item on to it: a put-on-sale
 * (or put-on-auction) with the prices from the new contract's state init, read per its version.
 */
export class NftPutOnSaleBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      children: [
        labeled(
          'sale_init',
          new GenericMatcher(
            (b) =>
              (b.type === 'ton_transfer' || b.type === 'call_contract') &&
              b.contractDeployments.size > 0,
          ),
        ),
        labeled('transfer_to_sale', new BlockTypeMatcher('nft_transfer')),
      ],
      includeExcess: false,
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof NftTransferBlock;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const toListing = block as NftTransferBlock;
    const toSale = getLabeled('transfer_to_sale', others, NftTransferBlock);
    const saleInit = getLabeled('sale_init', others, Block);
    if (!toSale || !saleInit) {
      return [];
    }
    const saleAddress = saleInit.message.destination;
    if (!same(toSale.data.nft_address, toListing.data.nft_address)) {
      return [];
    }
    if (!same(toSale.data.new_owner, saleAddress) || saleAddress === null) {
      return [];
    }
    const initState = saleInit.message.init_state;
    const common = {
      nft_address: toSale.data.nft_address,
      nft_index: toSale.data.nft_index,
      nft_collection: toSale.data.collection,
      listing_address: toListing.data.new_owner,
    };
    const sale = ctx.interfaces.nftSale(saleAddress);
    let nb: Block;
    if (sale) {
      // toncenter asserts these; a sale of another item or owner builds nothing
      if (!same(toSale.data.nft_address, sale.nft_address)) {
        return [];
      }
      if (!same(toListing.data.prev_owner, sale.nft_owner_address)) {
        return [];
      }
      const init = initState === null ? null : saleInitData(initState, sale.code_hash ?? null);
      if (!init) {
        return [];
      }
      nb = new NftPutOnSaleBlock({
        ...common,
        owner: sale.nft_owner_address,
        sale_address: saleAddress,
        full_price: init.full_price,
        marketplace_address: init.marketplace_address,
        marketplace: 'getgems',
        marketplace_fee_address: init.marketplace_fee_address,
        marketplace_fee: init.marketplace_fee,
        royalty_address: init.royalty_address,
        royalty_amount: init.royalty_amount,
      });
    } else {
      const auction = ctx.interfaces.nftAuction(saleAddress);
      if (!auction) {
        return [];
      }
      if (!same(toSale.data.nft_address, auction.nft_addr)) {
        return [];
      }
      if (!same(toListing.data.prev_owner, auction.nft_owner)) {
        return [];
      }
      const init =
        initState === null ? null : auctionInitData(initState, auction.code_hash ?? null);
      if (!init) {
        return [];
      }
      nb = new NftPutOnAuctionBlock({
        ...common,
        owner: auction.nft_owner,
        auction_address: saleAddress,
        marketplace_address: auction.mp_addr,
        marketplace: 'getgems',
        mp_fee_address: init.mp_fee_addr,
        mp_fee_factor: init.mp_fee_factor,
        mp_fee_base: init.mp_fee_base,
        royalty_fee_addr: init.royalty_fee_addr,
        royalty_fee_base: init.royalty_fee_base,
        max_bid: init.max_bid,
        min_bid: init.min_bid,
      });
    }
    nb.merge([block, ...others]);
    return [nb];
  }
}
