/**
 * getgems' own compiled contracts (https://github.com/getgems-io/nft-contracts, MIT), deployed on a
 * local network as on mainnet: the code is the BoC their repository ships, kept in
 * fixtures/contracts/getgems with its provenance (fixtures/README.md); the state inits and message
 * bodies follow the storage and operations those contracts read.
 */
import {
  type Address,
  beginCell,
  type Builder,
  Cell,
  contractAddress,
  type StateInit,
  storeStateInit,
} from '@ton/core';
import { saleFeesCell } from '@app/localnet';
import { readFixture } from '@app/testing';
import { NFT } from '@app/ton';

export type GetgemsContract = 'deployer' | 'nft-auction-v3r3' | 'nft-fixprice-sale-v3r3';

/** The code cell of a getgems contract, from its fixture. */
export function getgemsCode(name: GetgemsContract): Cell {
  const [code] = Cell.fromBoc(readFixture('contracts', 'getgems', `${name}.boc`));
  if (code === undefined) {
    throw new Error(`fixture ${name}.boc holds no cell`);
  }
  return code;
}

/** A contract's state init and the address it deploys to in the basechain. */
export interface Deployable {
  readonly init: StateInit;
  readonly address: Address;
}

function deployable(init: StateInit): Deployable {
  return { init, address: contractAddress(0, init) };
}

export interface FixPriceSaleConfig {
  readonly createdAt: number;
  readonly marketplace: Address;
  readonly nft: Address;
  /** The seller; the getgems deployer deploys sales with it set, so they need no ownership_assigned. */
  readonly owner: Address;
  readonly fullPrice: bigint;
  readonly marketplaceFeeAddress: Address;
  readonly marketplaceFee: bigint;
  readonly royaltyAddress: Address;
  readonly royaltyAmount: bigint;
}

/**
 * A fixed-price sale v3r3: storage is_complete:uint1 created_at:uint32 marketplace_address
 * nft_address nft_owner_address full_price:Coins fees:^(marketplace_fee_address
 * marketplace_fee:Coins royalty_address royalty_amount:Coins) sold_at:uint32 query_id:uint64.
 */
export function fixPriceSaleV3r3(config: FixPriceSaleConfig): Deployable {
  const data = beginCell()
    .storeUint(0, 1)
    .storeUint(config.createdAt, 32)
    .storeAddress(config.marketplace)
    .storeAddress(config.nft)
    .storeAddress(config.owner)
    .storeCoins(config.fullPrice)
    .storeRef(saleFeesCell(config))
    .storeUint(0, 32)
    .storeUint(0, 64)
    .endCell();
  return deployable({ code: getgemsCode('nft-fixprice-sale-v3r3'), data });
}

export interface AuctionConfig {
  readonly marketplace: Address;
  readonly nft: Address;
  /** The seller; set in the init, so the auction is active once the deployer hands it the item. */
  readonly owner: Address;
  readonly endTime: number;
  readonly createdAt: number;
  readonly minBid: bigint;
  /** 0: no buy-out price. */
  readonly maxBid: bigint;
  /** The least raise of a bid over the last one, in percent. */
  readonly minStepPercent: number;
  /** A bid in the last step_time seconds moves the end this much later. */
  readonly stepTime: number;
  readonly marketplaceFeeAddress: Address;
  readonly marketplaceFeeFactor: number;
  readonly marketplaceFeeBase: number;
  readonly royaltyAddress: Address;
  readonly royaltyFactor: number;
  readonly royaltyBase: number;
}

/**
 * An auction v3r3: storage end?:int1 is_canceled?:int1 last_member:MsgAddress last_bid:Coins
 * last_bid_at:uint32 end_time:uint32 nft_owner:MsgAddress last_query_id:uint64 mp_fee_factor:uint32
 * mp_fee_base:uint32 royalty_fee_factor:uint32 royalty_fee_base:uint32 fees:^(mp_fee_addr
 * royalty_fee_addr) constants:^(mp_addr min_bid:Coins max_bid:Coins min_step:uint7 step_time:uint17
 * nft_addr created_at:uint32).
 */
export function nftAuctionV3r3(config: AuctionConfig): Deployable {
  const fees = beginCell()
    .storeAddress(config.marketplaceFeeAddress)
    .storeAddress(config.royaltyAddress)
    .endCell();
  const constants = beginCell()
    .storeAddress(config.marketplace)
    .storeCoins(config.minBid)
    .storeCoins(config.maxBid)
    .storeUint(config.minStepPercent, 7)
    .storeUint(config.stepTime, 17)
    .storeAddress(config.nft)
    .storeUint(config.createdAt, 32)
    .endCell();
  const data = beginCell()
    .storeInt(0, 1)
    .storeInt(0, 1)
    .storeAddress(null)
    .storeCoins(0)
    .storeUint(0, 32)
    .storeUint(config.endTime, 32)
    .storeAddress(config.owner)
    .storeUint(0, 64)
    .storeUint(config.marketplaceFeeFactor, 32)
    .storeUint(config.marketplaceFeeBase, 32)
    .storeUint(config.royaltyFactor, 32)
    .storeUint(config.royaltyBase, 32)
    .storeRef(fees)
    .storeRef(constants)
    .endCell();
  return deployable({ code: getgemsCode('nft-auction-v3r3'), data });
}

/**
 * The getgems deployer (the "listing" contract an owner sends an item to), as its compiled code
 * reads it: storage owner_address:MsgAddress. Given the item with a do_sale forward payload, it
 * deploys the sale from the payload's state init with 0.02 TON and passes the item on to it.
 */
export function saleDeployer(owner: Address): Deployable {
  const data = beginCell().storeAddress(owner).endCell();
  return deployable({ code: getgemsCode('deployer'), data });
}

/** The deployer's do_sale sub-operation, read right after ownership_assigned's prev_owner. */
const DO_SALE = 0x0fe0ede;

/** accept_coins#00000001 query_id:uint64: what the deployer sends the sale it deploys. */
export function acceptCoinsBody(queryId = 0n): Cell {
  return beginCell().storeUint(1, 32).storeUint(queryId, 64).endCell();
}

/** cancel#00000003 query_id:uint64: the seller (or marketplace) takes a sale's item back. */
export function cancelSaleBody(queryId: bigint): Cell {
  return beginCell().storeUint(3, 32).storeUint(queryId, 64).endCell();
}

/**
 * The owner's TEP-62 transfer of an item to the deployer: the forward payload, inline, is do_sale
 * with the sale's state init and the body to deploy it with.
 */
export function listingTransferBody(args: {
  readonly queryId: bigint;
  readonly deployer: Address;
  readonly responseDestination: Address;
  readonly forwardAmount: bigint;
  readonly sale: StateInit;
  readonly saleBody: Cell;
}): Cell {
  const saleInit = beginCell().store(storeStateInit(args.sale)).endCell();
  return transferHead(args)
    .storeUint(DO_SALE, 32)
    .storeRef(saleInit)
    .storeRef(args.saleBody)
    .endCell();
}

/** transfer#5fcc3d14 query_id new_owner response_destination, no custom payload, forward_amount. */
function transferHead(args: {
  readonly queryId: bigint;
  readonly deployer: Address;
  readonly responseDestination: Address;
  readonly forwardAmount: bigint;
}): Builder {
  return beginCell()
    .storeUint(NFT.transfer.opcode, 32)
    .storeUint(args.queryId, 64)
    .storeAddress(args.deployer)
    .storeAddress(args.responseDestination)
    .storeBit(false)
    .storeCoins(args.forwardAmount);
}

/**
 * A TEP-62 transfer's inline forward payload as toncenter keeps it (`messages/nft.py` NftTransfer):
 * the bits and refs after the Either bit, as a BoC in base64.
 */
export function inlineForwardPayload(transfer: Cell): string {
  const s = transfer.beginParse();
  s.skip(32 + 64);
  s.loadAddress();
  s.loadAddress();
  s.loadMaybeRef();
  s.loadCoins();
  if (s.loadBit()) {
    throw new Error('the forward payload is in a ref, not inline');
  }
  return s.asCell().toBoc().toString('base64');
}
