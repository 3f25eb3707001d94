import {
  address,
  bool,
  cell,
  coins,
  maybeCell,
  payload,
  rest,
  uint16,
  uint256,
  uint32,
  uint64,
} from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** TEP-62 NFTs, TEP-66 royalties, TEP-85 SBTs and the DNS / Telegram auctions' notifications. */
export const NFT = {
  // transfer#5fcc3d14 query_id:uint64 new_owner:MsgAddress response_destination:MsgAddress
  //   custom_payload:(Maybe ^Cell) forward_amount:(VarUInteger 16)
  //   forward_payload:(Either Cell ^Cell) = InternalMsgBody;
  transfer: tlb('nft_transfer', 0x5fcc3d14, {
    query_id: uint64,
    new_owner: address,
    response_destination: address,
    custom_payload: maybeCell,
    forward_amount: coins,
    forward_payload: payload,
  }),
  // ownership_assigned#05138d91 query_id:uint64 prev_owner:MsgAddress
  //   forward_payload:(Either Cell ^Cell) = InternalMsgBody;
  ownership_assigned: tlb('nft_ownership_assigned', 0x05138d91, {
    query_id: uint64,
    prev_owner: address,
    forward_payload: payload,
  }),
  // get_static_data#2fcb26a2 query_id:uint64 = InternalMsgBody;
  get_static_data: tlb('get_static_data', 0x2fcb26a2, { query_id: uint64 }),
  // report_static_data#8b771735 query_id:uint64 index:uint256 collection:MsgAddress = InternalMsgBody;
  report_static_data: tlb('report_static_data', 0x8b771735, {
    query_id: uint64,
    index: uint256,
    collection: address,
  }),
  // get_royalty_params#693d3950 query_id:uint64 = InternalMsgBody; (TEP-66)
  get_royalty_params: tlb('get_royalty_params', 0x693d3950, { query_id: uint64 }),
  // report_royalty_params#a8cb00ad query_id:uint64 numerator:uint16 denominator:uint16
  //   destination:MsgAddress = InternalMsgBody; (TEP-66)
  report_royalty_params: tlb('report_royalty_params', 0xa8cb00ad, {
    query_id: uint64,
    numerator: uint16,
    denominator: uint16,
    destination: address,
  }),
  // prove_ownership#04ded148 query_id:uint64 dest:MsgAddress forward_payload:^Cell with_content:Bool
  //   = InternalMsgBody; (TEP-85)
  sbt_prove_ownership: tlb('sbt_prove_ownership', 0x04ded148, {
    query_id: uint64,
    dest: address,
    forward_payload: cell,
    with_content: bool,
  }),
  // ownership_proof#0524c7ae query_id:uint64 item_id:uint256 owner:MsgAddress data:^Cell
  //   revoked_at:uint64 content:(Maybe ^Cell) = InternalMsgBody; (TEP-85)
  sbt_ownership_proof: tlb('sbt_ownership_proof', 0x0524c7ae, {
    query_id: uint64,
    item_id: uint256,
    owner: address,
    data: cell,
    revoked_at: uint64,
    content: maybeCell,
  }),
  // request_owner#d0c3bfea query_id:uint64 dest:MsgAddress forward_payload:^Cell with_content:Bool
  //   = InternalMsgBody; (TEP-85)
  sbt_request_owner: tlb('sbt_request_owner', 0xd0c3bfea, {
    query_id: uint64,
    dest: address,
    forward_payload: cell,
    with_content: bool,
  }),
  // owner_info#0dd607e3 query_id:uint64 item_id:uint256 initiator:MsgAddress owner:MsgAddress
  //   data:^Cell revoked_at:uint64 content:(Maybe ^Cell) = InternalMsgBody; (TEP-85)
  sbt_owner_info: tlb('sbt_owner_info', 0x0dd607e3, {
    query_id: uint64,
    item_id: uint256,
    initiator: address,
    owner: address,
    data: cell,
    revoked_at: uint64,
    content: maybeCell,
  }),
  // destroy#1f04537a query_id:uint64 = InternalMsgBody; (TEP-85)
  sbt_destroy: tlb('sbt_destroy', 0x1f04537a, { query_id: uint64 }),
  // revoke#6f89f5e3 query_id:uint64 = InternalMsgBody; (TEP-85)
  sbt_revoke: tlb('sbt_revoke', 0x6f89f5e3, { query_id: uint64 }),
  // outbid_notification#557cea20 query_id:uint64 = InternalMsgBody; (DNS item auction → last bidder)
  outbid_notification: tlb('outbid_notification', 0x557cea20, { query_id: uint64 }),
  // teleitem_ok#a37a0983 query_id:uint64 = InternalMsgBody; (Telegram usernames and numbers)
  teleitem_ok: tlb('teleitem_ok', 0xa37a0983, { query_id: uint64 }),
  // auction_fill_up#370fec51 query_id:uint64 = InternalMsgBody; (Telegram auction top-up)
  auction_fill_up: tlb('auction_fill_up', 0x370fec51, { query_id: uint64 }),
  // teleitem_bid_info#38127de1 bid:Grams bid_ts:uint32 = TeleitemBidInfo; (the forward payload of a
  //   sold item's ownership_assigned, https://github.com/TelegramMessenger/telemint nft-item.fc)
  teleitem_bid_info: tlb('teleitem_bid_info', 0x38127de1, { bid: coins, bid_ts: uint32 }),
  // teleitem_start_auction#487a8e81 query_id:uint64 auction_config:^TeleitemAuctionConfig
  teleitem_start_auction: tlb('teleitem_start_auction', 0x487a8e81, {
    query_id: uint64,
    auction_config: cell,
  }),
  // teleitem_cancel_auction#371638ae query_id:uint64
  teleitem_cancel_auction: tlb('teleitem_cancel_auction', 0x371638ae, { query_id: uint64 }),
  // teleitem_msg_deploy#299a3e15: the collection deploying an item sold at its first auction.
  teleitem_msg_deploy: tlb('teleitem_msg_deploy', 0x299a3e15, { rest }),
};

/** Getgems sale and auction contracts (https://github.com/getgems-io/nft-contracts). */
export const GETGEMS = {
  // cancel#00000003 query_id:uint64 (the owner takes the item back from a sale)
  sale_cancel: tlb('getgems_sale_cancel', 0x00000003, { query_id: uint64 }),
  // The auction's cancel, finish and stop as ops (the same also arrive as text comments).
  auction_cancel: tlb('getgems_auction_cancel', 0x5616c572, { query_id: uint64, rest }),
  auction_finish: tlb('getgems_auction_finish', 0x20c9eb18, { query_id: uint64, rest }),
  auction_stop: tlb('getgems_auction_stop', 0xb95616b6, { query_id: uint64, rest }),
  // sale_update#6c6c2080 query_id:uint64 new_full_price:Grams new_mp_fee:Grams new_royalty_amount:Grams
  sale_update: tlb('getgems_sale_update', 0x6c6c2080, {
    query_id: uint64,
    new_full_price: coins,
    new_mp_fee: coins,
    new_royalty_amount: coins,
  }),
};

export const NFT_SCHEMAS: readonly TlbConstructor[] = [
  ...Object.values(NFT),
  ...Object.values(GETGEMS),
];
