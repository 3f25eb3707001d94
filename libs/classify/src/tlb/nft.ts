/** TEP-62 NFT message bodies, as toncenter reads them. */
import type { Slice } from '@ton/core';
import { loadFields, loadLeadingFields, NFT } from '@app/ton';
import { afterAnyOpcode, bocBase64, loadAddr, sliceToCell } from './cells';

export interface NftTransferBody {
  query_id: bigint;
  new_owner: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_amount: bigint;
  forward_payload: string | null;
}

/**
 * `NFT.transfer`, its forward payload read looser than the layout (toncenter): only when bits are
 * left, so a body ending after forward_amount (refs or not) has none.
 */
export function parseNftTransfer(s: Slice): NftTransferBody {
  const { query_id, new_owner, response_destination, custom_payload, forward_amount } =
    loadLeadingFields(NFT.transfer, s, [
      'query_id',
      'new_owner',
      'response_destination',
      'custom_payload',
      'forward_amount',
    ]);
  let forward_payload: string | null = null;
  if (s.remainingBits > 0) {
    const cell = s.loadBit() ? s.loadRef() : sliceToCell(s);
    forward_payload = bocBase64(cell, true);
  }
  return {
    query_id,
    new_owner,
    response_destination,
    custom_payload: custom_payload ? bocBase64(custom_payload, true) : null,
    forward_amount,
    forward_payload,
  };
}

/** The forward payload of an ownership_assigned, as toncenter reads it (`NftPayload`). */
export interface NftPayload {
  /** The payload cell as base64 BoC with CRC32C. */
  raw: string;
  op: number | null;
  /** `NFT.teleitem_bid_info` (Telemint's bid of a sold item), when the payload is one. */
  teleitemBid: { bid: bigint; bid_ts: number } | null;
}

function parseNftPayload(s: Slice): NftPayload {
  const raw = bocBase64(sliceToCell(s), true);
  if (s.remainingBits === 0 && s.remainingRefs === 0) {
    return { raw, op: null, teleitemBid: null };
  }
  if (s.remainingBits < 32) {
    return { raw, op: null, teleitemBid: null };
  }
  const op = s.preloadUint(32);
  if (op !== NFT.teleitem_bid_info.opcode) {
    return { raw, op, teleitemBid: null };
  }
  // A short bid info throws here, and the whole payload is then unreadable (null), as toncenter has it.
  return { raw, op, teleitemBid: loadFields(NFT.teleitem_bid_info, s.clone()) };
}

/**
 * `NFT.ownership_assigned`, its forward payload read as toncenter's `NftPayload`: `nft_payload` is null
 * when the payload cannot be read.
 */
export function parseNftOwnershipAssigned(s: Slice): {
  query_id: bigint;
  prev_owner: string | null;
  nft_payload: NftPayload | null;
} {
  const { query_id, prev_owner } = loadLeadingFields(NFT.ownership_assigned, s, [
    'query_id',
    'prev_owner',
  ]);
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

/** `NFT.report_static_data`: the item's answer to get_static_data. */
export function parseNftReportStaticData(s: Slice): {
  query_id: bigint;
  index: bigint;
  collection: string | null;
} {
  return loadFields(NFT.report_static_data, s);
}

/**
 * `NFT.teleitem_start_auction` (https://github.com/TelegramMessenger/telemint, nft-item.fc), its
 * auction_config read too: TeleitemAuctionConfig = beneficiary_address:MsgAddressInt initial_min_bid:Grams max_bid:Grams
 * min_bid_step:uint8 min_extend_time:uint32 duration:uint32. An unreadable config reads as no
 * beneficiary and zero bids (toncenter).
 */
export function parseTeleitemStartAuction(s: Slice): {
  query_id: bigint;
  beneficiary_address: string | null;
  initial_min_bid: bigint;
  max_bid: bigint;
} {
  const { query_id, auction_config } = loadFields(NFT.teleitem_start_auction, s);
  const config = auction_config.beginParse();
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

/**
 * The query_id of `NFT.auction_fill_up` or `DNS.balance_release` (one layout, read under any opcode),
 * taken only when its 64 bits are there: toncenter reads it optionally.
 */
export function parseOptionalQueryId(s: Slice): bigint | null {
  const k = afterAnyOpcode(NFT.auction_fill_up, s);
  return s.remainingBits >= 64 ? loadFields(k, s).query_id : null;
}
