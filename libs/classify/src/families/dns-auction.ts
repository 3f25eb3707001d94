/**
 * .ton DNS auctions (toncenter `blocks/auction.py`): a DNS item paying out a won auction
 * (`DnsPurchaseMatcher`, `dns_purchase`) and releasing its balance (`DnsReleaseMatcher`, `dns_release`).
 */
import { DNS, NFT } from '@app/ton';
import type { ActionRow } from '../action';
import { isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, BlockTypeMatcher } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { parseOptionalQueryId } from '../tlb/nft';
import { isDnsItem } from './auction';
import { NftPurchaseBlock } from './nft-purchase';

/**
 * auction_fill_up from a DNS item, after the call that ended its auction: a purchase by that call's
 * sender at the paid-out value.
 */
export class DnsPurchaseMatcher extends BlockMatcher {
  constructor() {
    super({ parent: new BlockTypeMatcher('call_contract') });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, NFT.auction_fill_up.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const call = others[0];
    const msg = block.message;
    const item = ctx.interfaces.nftItem(msg.source);
    if (!call || !item || msg.source === null || !isDnsItem(item)) {
      return [];
    }
    const nb = new NftPurchaseBlock(
      {
        nft_address: msg.source,
        collection_address: item.collection_address,
        nft_index: item.index,
        prev_owner: null,
        new_owner: call.message.source,
        query_id: parseOptionalQueryId(bodySlice(msg.body)),
        forward_amount: null,
        response_destination: null,
        custom_payload: null,
        forward_payload: null,
        payout_amount: msg.value,
        payout_comment_encrypted: null,
        payout_comment_encoded: null,
        payout_comment: null,
        price: msg.value,
        real_prev_owner: null,
        marketplace: null,
        marketplace_address: null,
      },
      'dns_purchase',
    );
    nb.merge([block]);
    nb.failed = block.firstNode.tx.aborted;
    return [nb];
  }
}

export interface DnsReleaseData {
  query_id: bigint | null;
  nft_address: string | null;
  nft_collection: string | null;
  nft_index: bigint | null;
  source: string | null;
  value: bigint | null;
}

/** `dns_release` (toncenter `_fill_dns_release`). */
export class DnsReleaseBlock extends Block {
  constructor(readonly data: DnsReleaseData) {
    super('dns_release', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.source;
    action.destination = d.nft_address;
    action.asset = d.nft_collection;
    action.nft_transfer_data = { query_id: d.query_id, nft_item_index: d.nft_index };
    action.value = d.value;
  }
}

/** dns_balance_release to a DNS item. */
export class DnsReleaseMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCall(block, DNS.balance_release.opcode);
  }

  override buildBlock(block: Block, _others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    const item = ctx.interfaces.nftItem(msg.destination);
    if (!item || !isDnsItem(item)) {
      return [];
    }
    const nb = new DnsReleaseBlock({
      query_id: parseOptionalQueryId(bodySlice(msg.body)),
      nft_address: msg.destination,
      nft_collection: item.collection_address,
      nft_index: item.index,
      source: msg.source,
      value: msg.value,
    });
    nb.merge([block]);
    nb.failed = block.firstNode.tx.aborted;
    return [nb];
  }
}
