/**
 * NFT actions (toncenter `blocks/nft.py`): nft_mint, nft_transfer (with getgems sale purchases) and
 * nft_discovery.
 */
import { JETTON, NFT } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, findCalls, isCall, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, ContractMatcher, getLabeled, labeled, OrMatcher } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import type { NftItemInfo } from '../trace-model';
import { parseNftOwnershipAssigned, parseNftReportStaticData, parseNftTransfer } from '../tlb/nft';

export class NftMintBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      address: string;
      index: bigint | null;
      opcode: number | null;
      collection: string | null;
    },
  ) {
    super('nft_mint', []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.source;
    action.destination = this.data.address;
    action.asset_secondary = this.data.address;
    action.opcode = this.data.opcode;
    action.asset = this.data.collection;
    action.nft_mint_data = { nft_item_index: this.data.index };
  }
}

/** A block that deploys exactly one contract, which interface detection knows as an NFT item. */
export class NftMintBlockMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return block.contractDeployments.size === 1;
  }

  override buildBlock(block: Block, _others: Block[], ctx: ClassifyContext): Block[] {
    const [address] = block.contractDeployments;
    const item = address === undefined ? null : ctx.interfaces.nftItem(address);
    if (!item || address === undefined) {
      return [];
    }
    const first = block.firstNode;
    const nb = new NftMintBlock({
      source: first.message.source,
      address,
      index: item.index,
      opcode: first.opcode,
      collection: item.collection_address,
    });
    nb.merge([block]);
    return [nb];
  }
}

/** A transfer's item as the interfaces know it, with no trade: no marketplace, price or real owner. */
export function untradedItem(
  nftAddress: string,
  item: NftItemInfo,
): Pick<
  NftTransferData,
  | 'nft_address'
  | 'nft_index'
  | 'collection'
  | 'marketplace'
  | 'marketplace_address'
  | 'price'
  | 'real_prev_owner'
> {
  return {
    nft_address: nftAddress,
    nft_index: item.index,
    collection: item.collection_address,
    marketplace: null,
    marketplace_address: null,
    price: null,
    real_prev_owner: null,
  };
}

export interface NftTransferData {
  is_purchase: boolean;
  prev_owner: string | null;
  new_owner: string | null;
  query_id: bigint;
  forward_amount: bigint | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_payload: string | null;
  nft_address: string;
  nft_index: bigint | null;
  collection: string | null;
  marketplace: string | null;
  marketplace_address: string | null;
  price: bigint | null;
  real_prev_owner: string | null;
  /** Telemint sales: what the item paid out (toncenter sets these only when there were payouts). */
  payout_amount?: bigint | null;
  payout_address?: string | null;
  royalty_amount?: bigint | null;
  royalty_address?: string | null;
}

/** What a transfer and a purchase name alike in `nft_transfer_data`. */
interface NftTradeFields {
  readonly query_id: bigint | null;
  readonly nft_index: bigint | null;
  readonly forward_amount: bigint | null;
  readonly custom_payload: string | null;
  readonly forward_payload: string | null;
  readonly response_destination: string | null;
  readonly marketplace: string | null;
  readonly marketplace_address: string | null;
  readonly real_prev_owner: string | null;
}

/** What a sale adds (or a plain transfer leaves null); `royalty_amount` only where toncenter sets it. */
interface NftSaleFields {
  readonly is_purchase: boolean;
  readonly price: bigint | null;
  readonly payout_amount: bigint | null;
  readonly payout_comment_encrypted: boolean | null;
  readonly payout_comment_encoded: boolean | null;
  readonly payout_comment: string | null;
  readonly royalty_amount?: bigint | null;
}

/** `nft_transfer_data` of an nft_transfer or nft_purchase action (toncenter `NftTransferDetails`). */
export function nftTransferDetails(d: NftTradeFields, sale: NftSaleFields) {
  return {
    query_id: d.query_id,
    is_purchase: sale.is_purchase,
    price: sale.price,
    nft_item_index: d.nft_index,
    forward_amount: d.forward_amount,
    custom_payload: d.custom_payload,
    forward_payload: d.forward_payload,
    response_destination: d.response_destination,
    marketplace: d.marketplace,
    marketplace_address: d.marketplace_address,
    real_prev_owner: d.real_prev_owner,
    payout_amount: sale.payout_amount,
    payout_comment_encrypted: sale.payout_comment_encrypted,
    payout_comment_encoded: sale.payout_comment_encoded,
    payout_comment: sale.payout_comment,
    ...(sale.royalty_amount === undefined ? {} : { royalty_amount: sale.royalty_amount }),
  };
}

export class NftTransferBlock extends Block {
  constructor(readonly data: NftTransferData) {
    super('nft_transfer', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.prev_owner;
    action.destination = d.new_owner;
    action.asset_secondary = d.nft_address;
    action.asset = d.collection;
    action.nft_transfer_data = nftTransferDetails(d, {
      is_purchase: d.is_purchase,
      price: d.is_purchase ? d.price : null,
      payout_amount: d.payout_amount ?? null,
      payout_comment_encrypted: null,
      payout_comment_encoded: null,
      payout_comment: null,
      royalty_amount: d.royalty_amount ?? null,
    });
    // toncenter writes the Telemint payout address into the listing's marketplace fee address
    action.nft_listing_data = {
      marketplace_fee_address: d.payout_address ?? null,
      royalty_address: d.royalty_address ?? null,
    };
  }
}

/** What the block before an NFT transfer tells of a sale or auction that sent it. */
function purchaseOf(block: Block, newOwner: string, ctx: ClassifyContext) {
  const prev = block.previous;
  const node = prev?.nodes[0];
  if (!prev || !node) {
    return null;
  }
  if (
    prev instanceof TonTransferBlock &&
    node.message.source?.toUpperCase() === newOwner.toUpperCase()
  ) {
    const sale = ctx.interfaces.nftSale(node.tx.account);
    if (sale) {
      return {
        marketplace: sale.marketplace_address,
        nft: sale.nft_address,
        price: sale.full_price,
        realOwner: sale.nft_owner_address,
      };
    }
  }
  const auction = ctx.interfaces.nftAuction(node.tx.account);
  if (auction) {
    return {
      marketplace: auction.mp_addr,
      nft: auction.nft_addr,
      price: auction.last_bid,
      realOwner: auction.nft_owner,
    };
  }
  return null;
}

/** transfer (owner → item) → optional ownership_assigned / excesses; the item must be a known NFT. */
export class NftTransferBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: new OrMatcher(
        [
          new ContractMatcher(NFT.ownership_assigned.opcode, { optional: true }),
          new ContractMatcher(JETTON.excess.opcode, { optional: true }),
        ],
        true,
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, NFT.transfer.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const msg = parseNftTransfer(bodySlice(block.message.body));
    const assigned = findCalls(others, NFT.ownership_assigned.opcode)[0];
    const prevOwner = assigned
      ? parseNftOwnershipAssigned(bodySlice(assigned.message.body)).prev_owner
      : block.message.source;
    const nftAddress = block.firstNode.tx.account;
    const item = ctx.interfaces.nftItem(nftAddress);
    if (!item) {
      return [];
    }
    const data: NftTransferData = {
      is_purchase: false,
      prev_owner: prevOwner,
      new_owner: msg.new_owner,
      query_id: msg.query_id,
      forward_amount: msg.forward_amount,
      response_destination: msg.response_destination,
      custom_payload: msg.custom_payload,
      forward_payload: msg.forward_payload,
      ...untradedItem(nftAddress, item),
    };
    const include: Block[] = [block];
    const prev = block.previous;
    if (prev && msg.new_owner) {
      const p = purchaseOf(block, msg.new_owner, ctx);
      if (p?.nft === nftAddress && p.realOwner !== msg.new_owner) {
        data.is_purchase = true;
        data.marketplace = 'getgems';
        data.marketplace_address = p.marketplace;
        data.price = p.price;
        data.real_prev_owner = p.realOwner;
        if (prev instanceof TonTransferBlock) {
          if (prev.comment !== 'finish' && prev.comment !== 'stop') {
            include.push(prev);
          }
        } else if (prev instanceof CallContractBlock && prev.message.source === null) {
          include.push(prev);
        }
      }
    }
    const nb = new NftTransferBlock(data);
    nb.merge([...include, ...others]);
    nb.failed = block.failed;
    return [nb];
  }
}

export class NftDiscoveryBlock extends Block {
  constructor(
    readonly data: {
      sender: string | null;
      nft: string | null;
      result_collection: string | null;
      result_index: bigint;
      query_id: bigint;
    },
  ) {
    super('nft_discovery', []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.sender;
    action.asset = this.data.result_collection;
    action.asset_secondary = this.data.nft;
    action.nft_transfer_data = { nft_item_index: this.data.result_index };
  }
}

/** get_static_data (anyone → item) answered by report_static_data (toncenter `NftDiscoveryBlockMatcher`). */
export class NftDiscoveryBlockMatcher extends BlockMatcher {
  constructor() {
    super({ child: labeled('report', new ContractMatcher(NFT.report_static_data.opcode)) });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, NFT.get_static_data.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const report = getLabeled('report', others, CallContractBlock);
    if (!report) {
      return [];
    }
    const r = parseNftReportStaticData(bodySlice(report.message.body));
    const nb = new NftDiscoveryBlock({
      sender: block.message.source,
      nft: block.message.destination,
      result_collection: r.collection,
      result_index: r.index,
      query_id: r.query_id,
    });
    nb.merge([block, report]);
    return [nb];
  }
}
