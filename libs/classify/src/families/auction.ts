/** Auction bids (toncenter `blocks/auction.py`, `AuctionBidMatcher`): getgems, Fragment and DNS auctions. */
import type { ActionRow } from '../action';
import { CallContractBlock, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher } from '../core/matchers';
import type { NftItemInfo } from '../trace-model';

/** The .ton DNS collection and its item code hash (toncenter's `_is_dns_item`). */
export const DNS_COLLECTION = '0:B774D95EB20543F186C06B371AB88AD704F7E256130CAF96189368A7D0CB6CCF';
export const DNS_ITEM_CODE_HASH = 'i1/8nr/TkGTY1fVuRlnIJrt1k5I/XKSHKL5NYK9vUfk=';
/** A DNS auction's outbid notification to the previous bidder. */
const DNS_OUTBID_OP = 0x557cea20;

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

function isTeleitem(item: NftItemInfo): boolean {
  const content = item.content;
  if (content === null || typeof content !== 'object') {
    return false;
  }
  const uri = (content as Record<string, unknown>).uri;
  return typeof uri === 'string' && uri.includes('https://nft.fragment.com');
}

function isDnsItem(item: NftItemInfo, ctx: ClassifyContext): boolean {
  return (
    item.collection_address === DNS_COLLECTION ||
    ctx.interfaces.extra(item.address, 'code_hash') === DNS_ITEM_CODE_HASH
  );
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
    } else if (item && (isTeleitem(item) || isDnsItem(item, ctx))) {
      if (
        isDnsItem(item, ctx) &&
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
