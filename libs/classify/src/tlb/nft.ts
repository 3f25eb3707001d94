/** TEP-62 NFT message bodies, as toncenter reads them. */
import type { Slice } from '@ton/core';
import { bocBase64, loadAddr, loadMaybeRef, sliceToCell } from './cells';

export const NftOp = {
  transfer: 0x5fcc3d14,
  ownershipAssigned: 0x05138d91,
  excesses: 0xd53276db,
} as const;

export interface NftTransferBody {
  query_id: bigint;
  new_owner: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_amount: bigint;
  forward_payload: string | null;
}

/**
 * transfer#5fcc3d14 query_id:uint64 new_owner:MsgAddress response_destination:MsgAddress
 *   custom_payload:(Maybe ^Cell) forward_amount:(VarUInteger 16) forward_payload:(Either Cell ^Cell)
 */
export function parseNftTransfer(s: Slice): NftTransferBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const new_owner = loadAddr(s);
  const response_destination = loadAddr(s);
  const custom = loadMaybeRef(s);
  const forward_amount = s.loadCoins();
  let forward_payload: string | null = null;
  if (s.remainingBits > 0) {
    const cell = s.loadBit() ? s.loadRef() : sliceToCell(s);
    forward_payload = bocBase64(cell, true);
  }
  return {
    query_id,
    new_owner,
    response_destination,
    custom_payload: custom ? bocBase64(custom, true) : null,
    forward_amount,
    forward_payload,
  };
}

/** Telemint's bid info in the ownership_assigned payload of a sold item (teleitem_bid_info#38127de1). */
export const TELEITEM_BID_INFO_OP = 0x38127de1;

/** The forward payload of an ownership_assigned, as toncenter reads it (`NftPayload`). */
export interface NftPayload {
  /** The payload cell as base64 BoC with CRC32C. */
  raw: string;
  op: number | null;
  /** teleitem_bid_info#38127de1 bid:Grams bid_ts:uint32, when the payload is one. */
  teleitemBid: { bid: bigint; bid_ts: number } | null;
}

function parseNftPayload(s: Slice): NftPayload {
  const raw = bocBase64(sliceToCell(s), true);
  if (s.remainingBits === 0 && s.remainingRefs === 0) {
    return { raw, op: null, teleitemBid: null };
  }
  const body = s.clone();
  if (body.remainingBits < 32) {
    return { raw, op: null, teleitemBid: null };
  }
  const op = body.loadUint(32);
  if (op !== TELEITEM_BID_INFO_OP) {
    return { raw, op, teleitemBid: null };
  }
  // A short bid info throws here, and the whole payload is then unreadable (null), as toncenter has it.
  return { raw, op, teleitemBid: { bid: body.loadCoins(), bid_ts: body.loadUint(32) } };
}

/**
 * ownership_assigned#05138d91 query_id:uint64 prev_owner:MsgAddress forward_payload:(Either Cell ^Cell);
 * `nft_payload` is null when the payload cannot be read.
 */
export function parseNftOwnershipAssigned(s: Slice): {
  query_id: bigint;
  prev_owner: string | null;
  nft_payload: NftPayload | null;
} {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const prev_owner = loadAddr(s);
  let nft_payload: NftPayload | null;
  try {
    nft_payload = parseNftPayload(s.loadBit() ? s.loadRef().beginParse() : s);
  } catch {
    // An unreadable payload (a bid info cut short) is null and the rest of the body stands, as in
    // toncenter's NftOwnershipAssigned (ton-indexer indexer/indexer/events/blocks/messages/nft.py).
    nft_payload = null;
  }
  return { query_id, prev_owner, nft_payload };
}

export const NftDiscoveryOp = {
  getStaticData: 0x2fcb26a2,
  reportStaticData: 0x8b771735,
} as const;

/** report_static_data#8b771735 query_id:uint64 index:uint256 collection:MsgAddress */
export function parseNftReportStaticData(s: Slice): {
  query_id: bigint;
  index: bigint;
  collection: string | null;
} {
  s.skip(32);
  return { query_id: s.loadUintBig(64), index: s.loadUintBig(256), collection: loadAddr(s) };
}

/** Telemint (Fragment) item operations (https://github.com/TelegramMessenger/telemint, nft-item.fc). */
export const TeleitemOp = {
  /** teleitem_start_auction#487a8e81 query_id:uint64 auction_config:^TeleitemAuctionConfig */
  startAuction: 0x487a8e81,
  /** teleitem_cancel_auction#371638ae query_id:uint64 */
  cancelAuction: 0x371638ae,
  /** teleitem_ok#a37a0983 query_id:uint64 */
  ok: 0xa37a0983,
  /** Telemint's collection deploying an item it sold at its first auction (telemint_msg_deploy). */
  deploy: 0x299a3e15,
  /** teleitem_msg_outbid: the previous bidder's refund. */
  outbid: 0x557cea20,
} as const;

/** auction_fill_up#370fec51: a Telemint / DNS item's payout (to the seller, royalty, the collection). */
export const AUCTION_FILL_UP_OP = 0x370fec51;
/** dns_balance_release#4ed14b65: a .ton DNS item's balance released to whoever outbids the last owner. */
export const DNS_BALANCE_RELEASE_OP = 0x4ed14b65;

/**
 * teleitem_start_auction#487a8e81 query_id:uint64 auction_config:^TeleitemAuctionConfig, where
 * TeleitemAuctionConfig = beneficiary_address:MsgAddressInt initial_min_bid:Grams max_bid:Grams
 * min_bid_step:uint8 min_extend_time:uint32 duration:uint32. An unreadable config reads as no
 * beneficiary and zero bids (toncenter).
 */
export function parseTeleitemStartAuction(s: Slice): {
  query_id: bigint;
  beneficiary_address: string | null;
  initial_min_bid: bigint;
  max_bid: bigint;
} {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const config = s.loadRef().beginParse();
  try {
    const beneficiary_address = loadAddr(config);
    const initial_min_bid = config.loadCoins();
    const max_bid = config.loadCoins();
    config.loadUint(8);
    config.loadUint(32);
    config.loadUint(32);
    return { query_id, beneficiary_address, initial_min_bid, max_bid };
  } catch {
    // An unreadable config reads as no beneficiary and zero bids, as toncenter's
    // TeleitemStartAuction._parse_auction_config (ton-indexer indexer/indexer/events/blocks/messages/nft.py).
    return { query_id, beneficiary_address: null, initial_min_bid: 0n, max_bid: 0n };
  }
}

/** An op followed by an optional query_id:uint64 (auction_fill_up, dns_balance_release). */
export function parseOptionalQueryId(s: Slice): bigint | null {
  s.skip(32);
  return s.remainingBits >= 64 ? s.loadUintBig(64) : null;
}
