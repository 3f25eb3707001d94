/**
 * getgems listings after they are made (toncenter `blocks/auction.py`): changing a sale's price
 * (`UpdateSaleMatcher`), taking it back (`NftCancelSaleMatcher`, `NftCancelAuctionMatcher`) and
 * finishing an auction (`NftFinishAuctionMatcher`).
 */
import { GETGEMS } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, isCall, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, BlockTypeMatcher, getLabeled, labeled } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { parseSaleUpdate } from '../tlb/getgems';
import { NftTransferBlock } from './nft';
import { NftPurchaseBlock } from './nft-purchase';
import { same } from './nft-listing';

export interface UpdateSaleData {
  sender: string | null;
  sale_contract: string | null;
  nft_address: string | null;
  marketplace_address: string | null;
  new_full_price: bigint;
  new_marketplace_fee: bigint;
  new_royalty_amount: bigint;
}

/** `nft_update_sale` (toncenter `_fill_sale_update_action`). */
export class UpdateSaleBlock extends Block {
  constructor(readonly data: UpdateSaleData) {
    super('nft_update_sale', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.destination = d.sale_contract;
    action.asset_secondary = d.nft_address;
    action.nft_listing_data = {
      full_price: d.new_full_price,
      royalty_amount: d.new_royalty_amount,
      marketplace_fee: d.new_marketplace_fee,
    };
    action.nft_transfer_data = { marketplace_address: d.marketplace_address };
    if (d.nft_address !== null) {
      action.accounts.push(d.nft_address);
    }
  }
}

/** sale_update#6c6c2080 to a known getgems sale: its new price, fee and royalty. */
export class UpdateSaleMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCall(block, GETGEMS.sale_update.opcode);
  }

  override buildBlock(block: Block, _others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    const update = parseSaleUpdate(bodySlice(msg.body));
    const sale = ctx.interfaces.nftSale(msg.destination);
    if (!sale) {
      return [];
    }
    const nb = new UpdateSaleBlock({
      sender: msg.source,
      sale_contract: msg.destination,
      nft_address: sale.nft_address,
      marketplace_address: sale.marketplace_address,
      new_full_price: update.new_full_price,
      new_marketplace_fee: update.new_mp_fee,
      new_royalty_amount: update.new_royalty_amount,
    });
    nb.merge([block]);
    nb.failed = block.firstNode.tx.aborted;
    return [nb];
  }
}

export interface NftCancelTradeData {
  nft_address: string | null;
  nft_collection: string | null;
  owner: string | null;
  trade_contract: string | null;
  marketplace_address: string | null;
}

/**
 * `nft_cancel_sale`, `nft_cancel_auction`, `nft_finish_auction` and `teleitem_cancel_auction` (toncenter
 * `_fill_cancel_nft_trade_action`).
 */
export class NftCancelTradeBlock extends Block {
  constructor(
    readonly data: NftCancelTradeData,
    type:
      'nft_cancel_sale' | 'nft_cancel_auction' | 'nft_finish_auction' | 'teleitem_cancel_auction',
  ) {
    super(type, []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.owner;
    action.destination = d.trade_contract;
    action.asset_secondary = d.nft_address;
    action.asset = d.nft_collection;
    action.nft_transfer_data = { marketplace_address: d.marketplace_address };
    if (d.nft_address !== null) {
      action.accounts.push(d.nft_address);
    }
  }
}

/** The sale (or auction) the message went to, when it is the one selling the returned item. */
function cancelTradeData(
  block: Block,
  returned: NftTransferBlock,
  isSale: boolean,
  ctx: ClassifyContext,
): NftCancelTradeData | null {
  const contract = block.message.destination;
  let marketplace: string | null;
  if (isSale) {
    const sale = ctx.interfaces.nftSale(contract);
    if (!sale || !same(returned.data.nft_address, sale.nft_address)) {
      return null;
    }
    marketplace = sale.marketplace_address;
  } else {
    const auction = ctx.interfaces.nftAuction(contract);
    if (!auction || !same(returned.data.nft_address, auction.nft_addr)) {
      return null;
    }
    marketplace = auction.mp_addr;
  }
  return {
    nft_address: returned.data.nft_address,
    nft_collection: returned.data.collection,
    owner: returned.data.new_owner,
    trade_contract: contract,
    marketplace_address: marketplace,
  };
}

/** cancel#00000003 to a getgems sale that returns its item (an nft_transfer after it). */
export class NftCancelSaleMatcher extends BlockMatcher {
  constructor() {
    super({ child: labeled('nft_transfer', new BlockTypeMatcher('nft_transfer')) });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, GETGEMS.sale_cancel.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const returned = getLabeled('nft_transfer', others, NftTransferBlock);
    const data = returned ? cancelTradeData(block, returned, true, ctx) : null;
    if (!data) {
      return [];
    }
    const nb = new NftCancelTradeBlock(data, 'nft_cancel_sale');
    nb.merge([block]);
    return [nb];
  }
}

const AUCTION_CANCEL_COMMENTS = ['cancel', 'finish', 'stop'];
const AUCTION_FINISH_COMMENTS = ['finish', 'stop'];
const AUCTION_CANCEL_OPS: readonly number[] = [
  GETGEMS.auction_cancel.opcode,
  GETGEMS.auction_finish.opcode,
  GETGEMS.auction_stop.opcode,
];
const AUCTION_FINISH_OPS: readonly number[] = [
  GETGEMS.auction_stop.opcode,
  GETGEMS.auction_finish.opcode,
];

function isAuctionCommand(block: Block, comments: string[], ops: readonly number[]): boolean {
  if (block instanceof TonTransferBlock) {
    return block.comment !== null && comments.includes(block.comment);
  }
  return block instanceof CallContractBlock && block.opcode !== null && ops.includes(block.opcode);
}

/**
 * "cancel", "finish" or "stop" (comment or op) to a getgems auction that returns or hands over its
 * item (an nft_transfer after it): a cancelled auction, or for finish/stop a finished one.
 */
export class NftCancelAuctionMatcher extends BlockMatcher {
  constructor() {
    super({ child: labeled('nft_transfer', new BlockTypeMatcher('nft_transfer')) });
  }

  override testSelf(block: Block): boolean {
    return isAuctionCommand(block, AUCTION_CANCEL_COMMENTS, AUCTION_CANCEL_OPS);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const returned = getLabeled('nft_transfer', others, NftTransferBlock);
    const data = returned ? cancelTradeData(block, returned, false, ctx) : null;
    if (!data) {
      return [];
    }
    const finish = isAuctionCommand(block, AUCTION_FINISH_COMMENTS, AUCTION_FINISH_OPS);
    const nb = new NftCancelTradeBlock(data, finish ? 'nft_finish_auction' : 'nft_cancel_auction');
    nb.merge([block]);
    return [nb];
  }
}

/** "finish" or "stop" (comment or op) to a getgems auction followed by the item's nft_purchase. */
export class NftFinishAuctionMatcher extends BlockMatcher {
  constructor() {
    super({ child: labeled('nft_purchase', new BlockTypeMatcher('nft_purchase')) });
  }

  override testSelf(block: Block): boolean {
    return isAuctionCommand(block, AUCTION_FINISH_COMMENTS, AUCTION_FINISH_OPS);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const purchase = getLabeled('nft_purchase', others, NftPurchaseBlock);
    const contract = block.message.destination;
    const auction = ctx.interfaces.nftAuction(contract);
    if (!purchase || !auction || !same(purchase.data.nft_address, auction.nft_addr)) {
      return [];
    }
    const nb = new NftCancelTradeBlock(
      {
        nft_address: purchase.data.nft_address,
        nft_collection: purchase.data.collection_address,
        owner: purchase.data.new_owner,
        trade_contract: contract,
        marketplace_address: null,
      },
      'nft_finish_auction',
    );
    nb.merge([block]);
    return [nb];
  }
}
