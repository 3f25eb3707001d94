/**
 * NFT purchases (toncenter `blocks/nft.py`): a Telemint (Fragment) item sold at its auction
 * (`TelegramNftPurchaseBlockMatcher`, an nft_transfer with the purchase fields) and a getgems sale or
 * auction paying the seller (`GetgemsNftPurchaseBlockMatcher`, an nft_purchase over the transfer and
 * the payout).
 */
import { NFT } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, findCalls, isCall, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { parseNftOwnershipAssigned } from '../tlb/nft';
import {
  NftMintBlock,
  NftTransferBlock,
  type NftTransferData,
  nftTransferDetails,
  untradedItem,
} from './nft';

export interface NftPurchaseData {
  nft_address: string;
  collection_address: string | null;
  nft_index: bigint | null;
  prev_owner: string | null;
  new_owner: string | null;
  query_id: bigint | null;
  forward_amount: bigint | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_payload: string | null;
  payout_amount: bigint | null;
  payout_comment_encrypted: boolean | null;
  payout_comment_encoded: boolean | null;
  payout_comment: string | null;
  price: bigint | null;
  real_prev_owner: string | null;
  marketplace: string | null;
  marketplace_address: string | null;
}

/** `nft_purchase` (and, with its own type, `dns_purchase`): toncenter `_fill_nft_purchase_action`. */
export class NftPurchaseBlock extends Block {
  constructor(
    readonly data: NftPurchaseData,
    type: 'nft_purchase' | 'dns_purchase' = 'nft_purchase',
  ) {
    super(type, []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.prev_owner;
    action.destination = d.new_owner;
    action.asset_secondary = d.nft_address;
    action.asset = d.collection_address;
    action.nft_transfer_data = nftTransferDetails(d, {
      is_purchase: true,
      price: d.price,
      payout_amount: d.payout_amount,
      payout_comment_encrypted: d.payout_comment_encrypted,
      payout_comment_encoded: d.payout_comment_encoded,
      payout_comment: d.payout_comment,
    });
  }
}

/** A block without nodes that only groups others (toncenter `EmptyBlock`); never serialised. */
export class EmptyBlock extends Block {
  constructor() {
    super('empty', []);
  }
}

/**
 * Puts `proxy` between `parent` and some of its next blocks (toncenter `Block.insert_between`), so
 * that blocks reached from `parent` only through one another can be merged together.
 */
export function insertBetween(parent: Block, next: readonly Block[], proxy: Block): void {
  for (const child of parent.children) {
    for (const n of next) {
      const i = child.next.indexOf(n);
      if (i >= 0) {
        child.next.splice(i, 1);
        child.next.push(proxy);
      }
    }
  }
  parent.next = parent.next.filter((n) => !next.includes(n));
  for (const n of next) {
    for (const c of n.children) {
      if (c.previous === n) {
        c.previous = proxy;
      }
    }
  }
  parent.connect(proxy);
  for (const n of next) {
    proxy.connect(n);
  }
}

/**
 * An ownership_assigned from an NFT item: an nft_transfer whose prev_owner the message names. With a
 * Telemint bid info payload it is a Fragment purchase at that bid (not when the item was just minted
 * by its auction), taking the bid message and the item's payouts (auction_fill_up, the first by lt
 * the royalty, the second the seller's payout).
 */
export class TelegramNftPurchaseBlockMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCall(block, NFT.ownership_assigned.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    const body = parseNftOwnershipAssigned(bodySlice(msg.body));
    const nftAddress = msg.source;
    const item = ctx.interfaces.nftItem(nftAddress);
    if (!item || nftAddress === null) {
      return [];
    }
    const data: NftTransferData = {
      is_purchase: false,
      prev_owner: body.prev_owner,
      new_owner: msg.destination,
      query_id: body.query_id,
      forward_amount: null,
      response_destination: null,
      custom_payload: null,
      forward_payload: body.nft_payload?.raw ?? null,
      ...untradedItem(nftAddress, item),
    };
    const include: Block[] = [block];
    const bid = body.nft_payload?.teleitemBid ?? null;
    if (bid !== null) {
      data.is_purchase = true;
      data.price = bid.bid;
      data.marketplace = 'fragment';
      const prev = block.previous;
      const isMint =
        (prev instanceof CallContractBlock && prev.opcode === NFT.teleitem_msg_deploy.opcode) ||
        prev instanceof NftMintBlock;
      if (isMint) {
        data.is_purchase = false;
      }
      if (
        prev instanceof TonTransferBlock ||
        (prev instanceof CallContractBlock && prev.message.source === null)
      ) {
        const payouts = findCalls(prev.next, NFT.auction_fill_up.opcode).sort((a, b) =>
          compareLt(a.message.created_lt, b.message.created_lt),
        );
        const [first, second] = payouts;
        if (first && second) {
          data.royalty_amount = first.message.value;
          data.royalty_address = first.message.destination;
          data.payout_amount = second.message.value;
          data.payout_address = second.message.destination;
        } else if (first) {
          data.payout_amount = first.message.value;
          data.payout_address = first.message.destination;
        }
        include.push(...payouts, prev);
      }
    }
    const nb = new NftTransferBlock(data);
    nb.merge([...include, ...others]);
    return [nb];
  }
}

function compareLt(a: bigint | null, b: bigint | null): number {
  const x = a ?? 0n;
  const y = b ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A getgems purchase: an nft_transfer marked as a getgems purchase, and the sale's TON transfer to the
 * seller (`real_prev_owner`) next to it; when an auction was finished by a "finish"/"stop" comment the
 * payout hangs off that comment, and an empty proxy block joins the two under it.
 */
export class GetgemsNftPurchaseBlockMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return (
      block instanceof NftTransferBlock &&
      block.data.is_purchase &&
      block.data.marketplace === 'getgems'
    );
  }

  override buildBlock(block: Block, _others: Block[]): Block[] {
    if (!(block instanceof NftTransferBlock)) {
      return [];
    }
    const d = block.data;
    const seller = d.real_prev_owner;
    if (seller === null) {
      return [];
    }
    const prev = block.previous;
    let candidates = block.next;
    let needProxy = false;
    if (
      prev instanceof TonTransferBlock &&
      (prev.comment === 'finish' || prev.comment === 'stop')
    ) {
      candidates = prev.next;
      needProxy = true;
    }
    const payout = candidates.find(
      (n): n is TonTransferBlock =>
        n instanceof TonTransferBlock &&
        n.message.destination?.toUpperCase() === seller.toUpperCase(),
    );
    if (!payout) {
      return [];
    }
    const include: Block[] = [block, payout];
    const nb = new NftPurchaseBlock({
      nft_address: d.nft_address,
      collection_address: d.collection,
      nft_index: d.nft_index,
      prev_owner: d.prev_owner,
      new_owner: d.new_owner,
      query_id: d.query_id,
      forward_amount: d.forward_amount,
      response_destination: d.response_destination,
      custom_payload: d.custom_payload,
      forward_payload: d.forward_payload,
      payout_amount: payout.value,
      payout_comment_encrypted: payout.encrypted,
      payout_comment_encoded: payout.encrypted && payout.comment !== null,
      payout_comment: payout.comment,
      price: d.price,
      real_prev_owner: seller,
      marketplace: d.marketplace,
      marketplace_address: d.marketplace_address,
    });
    if (needProxy && prev) {
      const proxy = new EmptyBlock();
      insertBetween(prev, [block, payout], proxy);
      include.push(proxy);
    }
    nb.merge(include);
    return [nb];
  }
}
