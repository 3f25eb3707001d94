/**
 * Auctions (toncenter `blocks/auction.py`): bids (`AuctionBidMatcher`: getgems, Fragment and DNS
 * auctions), the refund to the outbid bidder (`AuctionOutbidMatcher`) and a Telemint item's own auction
 * started or cancelled by its owner (`TeleitemStartAuctionMatcher`, `TeleitemCancelAuctionMatcher`).
 */
import { NFT } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, isCall, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, ContractMatcher, labeled } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { parseTeleitemStartAuction } from '../tlb/nft';
import type { NftItemInfo } from '../trace-model';
import { NftPutOnAuctionBlock } from './nft-listing';
import { NftCancelTradeBlock } from './nft-listing-close';

/** The .ton DNS collection and its item code hash (toncenter's `_is_dns_item`). */
export const DNS_COLLECTION = '0:B774D95EB20543F186C06B371AB88AD704F7E256130CAF96189368A7D0CB6CCF';
export const DNS_ITEM_CODE_HASH = 'i1/8nr/TkGTY1fVuRlnIJrt1k5I/XKSHKL5NYK9vUfk=';
/** A Telemint / DNS auction's refund to the previous bidder (teleitem_msg_outbid). */
const DNS_OUTBID_OP = NFT.outbid_notification.opcode;

export class AuctionBidBlock extends Block {
  constructor(
    readonly data: {
      amount: bigint | null;
      bidder: string | null;
      auction: string | null;
      nft_address: string | null;
      nft_item_index: bigint | null;
      nft_collection: string | null;
      auction_type: 'getgems' | 'fragment';
    },
  ) {
    super('auction_bid', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.bidder;
    action.destination = d.auction;
    action.asset_secondary = d.nft_address;
    action.asset = d.nft_collection;
    action.nft_transfer_data = { nft_item_index: d.nft_item_index, marketplace: d.auction_type };
    if (d.nft_address !== null) {
      action.accounts.push(d.nft_address);
    }
    action.value = d.amount;
  }
}

export function isTeleitem(item: NftItemInfo): boolean {
  const content = item.content;
  if (content === null || typeof content !== 'object') {
    return false;
  }
  const uri = (content as Record<string, unknown>).uri;
  return typeof uri === 'string' && uri.includes('https://nft.fragment.com');
}

export function isDnsItem(item: NftItemInfo): boolean {
  return item.collection_address === DNS_COLLECTION || item.code_hash === DNS_ITEM_CODE_HASH;
}

/**
 * A TON transfer (no deployment, not "cancel"/"finish"/"stop") to a getgems auction, or to a Fragment
 * item or a DNS item (the latter only when it notifies an outbid bidder): a bid of the message value.
 */
export class AuctionBidMatcher extends BlockMatcher {
  constructor() {
    super({ includeExcess: false });
  }

  override testSelf(block: Block): boolean {
    return block instanceof TonTransferBlock;
  }

  override buildBlock(block: Block, _others: Block[], ctx: ClassifyContext): Block[] {
    if (!(block instanceof TonTransferBlock)) {
      return [];
    }
    const msg = block.message;
    if (block.contractDeployments.size > 0) {
      return [];
    }
    if (block.comment === 'cancel' || block.comment === 'finish' || block.comment === 'stop') {
      return [];
    }
    const common = { amount: msg.value, bidder: msg.source, auction: msg.destination };
    const auction = ctx.interfaces.nftAuction(msg.destination);
    const item = ctx.interfaces.nftItem(msg.destination);
    let nb: AuctionBidBlock;
    if (auction) {
      const nft = ctx.interfaces.nftItem(auction.nft_addr);
      nb = new AuctionBidBlock({
        ...common,
        nft_address: auction.nft_addr,
        nft_item_index: nft ? nft.index : null,
        nft_collection: nft ? nft.collection_address : null,
        auction_type: 'getgems',
      });
    } else if (item && (isTeleitem(item) || isDnsItem(item))) {
      if (
        isDnsItem(item) &&
        !block.next.some((b) => b instanceof CallContractBlock && b.opcode === DNS_OUTBID_OP)
      ) {
        return [];
      }
      nb = new AuctionBidBlock({
        ...common,
        nft_address: msg.destination,
        nft_item_index: item.index,
        nft_collection: item.collection_address,
        auction_type: 'fragment',
      });
    } else {
      return [];
    }
    nb.failed = block.failed;
    nb.merge([block]);
    return [nb];
  }
}

export interface AuctionOutbidData {
  auction_address: string | null;
  nft: string | null;
  nft_collection: string | null;
  bidder: string | null;
  new_bidder: string | null;
  amount: bigint | null;
  comment: string | null;
  auction_type: 'getgems' | 'fragment';
}

/** `auction_outbid` (toncenter `_fill_auction_outbid_action`). */
export class AuctionOutbidBlock extends Block {
  constructor(readonly data: AuctionOutbidData) {
    super('auction_outbid', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.auction_address;
    action.destination = d.bidder;
    action.source_secondary = d.new_bidder;
    action.asset_secondary = d.nft;
    action.asset = d.nft_collection;
    action.nft_transfer_data = { marketplace: d.auction_type };
    action.amount = d.amount;
    action.ton_transfer_data = { comment: d.comment };
    if (d.nft !== null) {
      action.accounts.push(d.nft);
    }
  }
}

/** getgems auctions refund the outbid bidder with this comment. */
const GETGEMS_OUTBID_COMMENT = 'Your bid has been outbid by another user';

/**
 * After a bid, the auction's refund to the previous bidder: for getgems the one TON transfer from the
 * auction with the outbid comment, for Fragment the one teleitem_msg_outbid from the item. Two
 * candidates build nothing (toncenter avoids guessing).
 */
export class AuctionOutbidMatcher extends BlockMatcher {
  constructor() {
    super({ includeExcess: false });
  }

  override testSelf(block: Block): boolean {
    return block instanceof AuctionBidBlock;
  }

  override buildBlock(block: Block): Block[] {
    if (!(block instanceof AuctionBidBlock)) {
      return [];
    }
    const bid = block.data;
    const fromAuction = (b: Block): boolean =>
      bid.auction !== null && b.message.source?.toUpperCase() === bid.auction.toUpperCase();
    let refund: Block | null = null;
    let amount: bigint | null;
    let comment: string | null = null;
    if (bid.auction_type === 'getgems') {
      for (const b of block.next) {
        if (!(b instanceof TonTransferBlock) || !fromAuction(b)) {
          continue;
        }
        if (b.comment === null) {
          // toncenter's substring test fails on a transfer without comment, and the match with it
          return [];
        }
        if (b.comment.includes(GETGEMS_OUTBID_COMMENT)) {
          if (refund !== null) {
            return [];
          }
          refund = b;
        }
      }
      if (!(refund instanceof TonTransferBlock)) {
        return [];
      }
      amount = refund.value;
      comment = refund.comment;
    } else {
      for (const b of block.next) {
        if (b instanceof CallContractBlock && fromAuction(b) && b.opcode === DNS_OUTBID_OP) {
          if (refund !== null) {
            return [];
          }
          refund = b;
        }
      }
      if (refund === null) {
        return [];
      }
      amount = refund.message.value;
    }
    const nb = new AuctionOutbidBlock({
      auction_address: bid.auction,
      nft: bid.nft_address,
      nft_collection: bid.nft_collection,
      bidder: refund.message.destination,
      new_bidder: bid.bidder,
      amount,
      comment,
      auction_type: bid.auction_type,
    });
    nb.merge([refund]);
    return [nb];
  }
}

/** A Telemint item's owner request, and the item's optional teleitem_ok answer; no excess. */
const teleitemOkAnswer = () => ({
  child: labeled('teleitem_ok', new ContractMatcher(NFT.teleitem_ok.opcode, { optional: true })),
  includeExcess: false,
});

/**
 * teleitem_start_auction from a Telemint item's owner: the item itself becomes the auction, with the
 * config's beneficiary, initial minimal bid and maximal bid (toncenter `TeleitemStartAuctionMatcher`).
 */
export class TeleitemStartAuctionMatcher extends BlockMatcher {
  constructor() {
    super(teleitemOkAnswer());
  }

  override testSelf(block: Block): boolean {
    return isCall(block, NFT.teleitem_start_auction.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    const item = ctx.interfaces.nftItem(msg.destination);
    if (!item || !isTeleitem(item)) {
      return [];
    }
    const start = parseTeleitemStartAuction(bodySlice(msg.body));
    const nb = new NftPutOnAuctionBlock(
      {
        nft_address: msg.destination ?? item.address,
        nft_index: item.index,
        nft_collection: item.collection_address,
        owner: msg.source,
        listing_address: null,
        auction_address: msg.destination,
        marketplace_address: null,
        marketplace: 'fragment',
        mp_fee_address: start.beneficiary_address,
        mp_fee_factor: 0n,
        mp_fee_base: 0n,
        royalty_fee_addr: null,
        royalty_fee_base: 0n,
        max_bid: start.max_bid,
        min_bid: start.initial_min_bid,
      },
      'teleitem_start_auction',
    );
    nb.failed = block.firstNode.tx.aborted;
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** teleitem_cancel_auction from a Telemint item's owner (toncenter `TeleitemCancelAuctionMatcher`). */
export class TeleitemCancelAuctionMatcher extends BlockMatcher {
  constructor() {
    super(teleitemOkAnswer());
  }

  override testSelf(block: Block): boolean {
    return isCall(block, NFT.teleitem_cancel_auction.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    const item = ctx.interfaces.nftItem(msg.destination);
    if (!item || !isTeleitem(item)) {
      return [];
    }
    const nb = new NftCancelTradeBlock(
      {
        nft_address: msg.destination,
        nft_collection: item.collection_address,
        owner: msg.source,
        trade_contract: msg.destination,
        marketplace_address: null,
      },
      'teleitem_cancel_auction',
    );
    nb.merge([block, ...others]);
    nb.failed = block.firstNode.tx.aborted;
    return [nb];
  }
}
