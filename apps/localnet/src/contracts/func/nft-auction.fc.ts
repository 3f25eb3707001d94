/**
 * An English auction for one NFT, written for the local network in the form of getgems' auctions
 * (https://github.com/getgems-io/nft-contracts, nft-auction): it is deployed by the seller, activated by
 * the item's TEP-62 ownership_assigned (which names the seller), takes bids as plain TON transfers and
 * refunds the outbid bidder with the text "Your bid has been outbid by another user.", ends at
 * end_time (extended by step_time when a bid comes late) or at once on a bid of max_bid (buyout), and
 * is closed by the text commands "finish" (anyone, once ended), "stop" (seller or marketplace: sell to
 * the current bidder now) and "cancel" (seller or marketplace, before any bid). Its get_sale_data
 * answers in the 20-entry form with magic 0x415543 ("AUC"), which is how indexers such as toncenter's
 * detect a getgems auction.
 */
export const NFT_AUCTION_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
#include "nft-trade.fc";

const int auction::magic = 0x415543;           ;; "AUC", the first entry of get_sale_data
const int error::auction_ended = 1005;
const int error::bid_too_low = 1000;
const int error::auction_running = 1006;
const int error::auction_has_bids = 1007;
const int error::not_seller = 458;

;; Storage:
;;   end:Bool activated:Bool is_canceled:Bool last_member:MsgAddress last_bid:Coins last_bid_at:uint32
;;   end_time:uint32 nft_owner:MsgAddress
;;   ^[ marketplace:MsgAddress nft:MsgAddress created_at:uint32
;;      ^[ mp_fee_addr:MsgAddress mp_fee_factor:uint32 mp_fee_base:uint32
;;         royalty_fee_addr:MsgAddress royalty_fee_factor:uint32 royalty_fee_base:uint32 ]
;;      ^[ min_bid:Coins max_bid:Coins min_step:Coins step_time:uint32 ] ]
;; last_member and nft_owner are addr_none until the first bid and the item's arrival; max_bid 0 means
;; no buyout price.
global int end?;
global int activated?;
global int canceled?;
global slice last_member;
global int last_bid;
global int last_bid_at;
global int end_time;
global slice nft_owner;
global cell constants;

() load_auction() impure inline {
  slice ds = get_data().begin_parse();
  end? = ds~load_uint(1);
  activated? = ds~load_uint(1);
  canceled? = ds~load_uint(1);
  last_member = ds~load_msg_addr();
  last_bid = ds~load_coins();
  last_bid_at = ds~load_uint(32);
  end_time = ds~load_uint(32);
  nft_owner = ds~load_msg_addr();
  constants = ds~load_ref();
}

() save_auction() impure inline {
  set_data(begin_cell()
    .store_uint(end?, 1)
    .store_uint(activated?, 1)
    .store_uint(canceled?, 1)
    .store_slice(last_member)
    .store_coins(last_bid)
    .store_uint(last_bid_at, 32)
    .store_uint(end_time, 32)
    .store_slice(nft_owner)
    .store_ref(constants)
    .end_cell());
}

(slice, slice, int, cell, cell) unpack_constants() inline {
  slice cs = constants.begin_parse();
  return (cs~load_msg_addr(), cs~load_msg_addr(), cs~load_uint(32), cs~load_ref(), cs~load_ref());
}

(int, int, int, int) unpack_bids(cell bids) inline {
  slice bs = bids.begin_parse();
  return (bs~load_coins(), bs~load_coins(), bs~load_coins(), bs~load_uint(32));
}

;; A transfer with a text comment: op 0, then the text, inline.
() send_text(slice to, int value, slice text) impure inline {
  send_raw_message(begin_cell()
    .store_uint(msg::non_bounceable, 6)
    .store_slice(to)
    .store_coins(value)
    .store_uint(0, msg::header_tail_bits)
    .store_uint(0, 32)
    .store_slice(text)
    .end_cell(), mode::pay_fees_separately);
}

;; Ends the auction: with a bid, the marketplace fee, the royalty and the seller's part of it are paid
;; and the item goes to the winner; without one, the item goes back to the seller.
() close_auction(int query_id) impure inline {
  (_, slice nft, _, cell fees, _) = unpack_constants();
  end? = 1;
  if (~ is_std_address?(last_member)) {
    send_nft(nft, nft_owner, query_id);
    return ();
  }
  slice fs = fees.begin_parse();
  slice mp_fee_addr = fs~load_msg_addr();
  int mp_fee_factor = fs~load_uint(32);
  int mp_fee = muldiv(last_bid, mp_fee_factor, fs~load_uint(32));
  slice royalty_addr = fs~load_msg_addr();
  int royalty_factor = fs~load_uint(32);
  int royalty = muldiv(last_bid, royalty_factor, fs~load_uint(32));
  if (mp_fee > 0) {
    send_value(mp_fee_addr, mp_fee);
  }
  if (royalty > 0) {
    send_value(royalty_addr, royalty);
  }
  send_value(nft_owner, last_bid - mp_fee - royalty);
  send_nft(nft, last_member, query_id);
}

() place_bid(slice bidder, int value) impure inline {
  throw_if(error::auction_ended, now() >= end_time);
  (_, _, _, _, cell bids) = unpack_constants();
  (int min_bid, int max_bid, int min_step, int step_time) = unpack_bids(bids);
  int buyout = (max_bid > 0) & (value >= max_bid);
  int floor = is_std_address?(last_member) ? last_bid + min_step : min_bid;
  throw_unless(error::bid_too_low, buyout | (value >= floor));
  if (is_std_address?(last_member)) {
    send_text(last_member, last_bid, "Your bid has been outbid by another user.");
  }
  last_member = bidder;
  last_bid = value;
  last_bid_at = now();
  if (buyout) {
    close_auction(0);
    return ();
  }
  if (end_time - now() < step_time) {
    end_time = now() + step_time;
  }
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if (flags & 1) {
    return ();
  }
  load_auction();
  (slice marketplace, slice nft, _, _, _) = unpack_constants();
  int op = 0;
  if (slice_bits(body) >= 32) {
    op = body~load_uint(32);
  }
  if (activated? == 0) {
    ;; Only the item's ownership_assigned#05138d91 query_id:uint64 prev_owner:MsgAddress activates
    ;; it; anything else (the deploy message, top-ups) is just accepted.
    if ((op == op::ownership_assigned) & equal_slices(sender, nft)) {
      body~skip_bits(64);
      nft_owner = body~load_msg_addr();
      activated? = 1;
      save_auction();
    }
    return ();
  }
  throw_if(error::auction_ended, end?);
  throw_unless(error::unknown_op, op == 0);
  int by_seller = equal_slices(sender, nft_owner) | equal_slices(sender, marketplace);
  if (equal_slices(body, "cancel")) {
    throw_unless(error::not_seller, by_seller);
    throw_if(error::auction_has_bids, is_std_address?(last_member));
    canceled? = 1;
    close_auction(0);
  } elseif (equal_slices(body, "stop")) {
    throw_unless(error::not_seller, by_seller);
    close_auction(0);
  } elseif (equal_slices(body, "finish")) {
    throw_if(error::auction_running, now() < end_time);
    close_auction(0);
  } else {
    place_bid(sender, msg_value);
  }
  save_auction();
}

;; getgems auction v1-v3: (magic, end, end_time, marketplace, nft, nft_owner, last_bid, last_member,
;; min_step, mp_fee_addr, mp_fee_factor, mp_fee_base, royalty_fee_addr, royalty_fee_factor,
;; royalty_fee_base, max_bid, min_bid, created_at, last_bid_at, is_canceled)
_ get_sale_data() method_id {
  load_auction();
  (slice marketplace, slice nft, int created_at, cell fees, cell bids) = unpack_constants();
  slice fs = fees.begin_parse();
  slice mp_fee_addr = fs~load_msg_addr();
  int mp_fee_factor = fs~load_uint(32);
  int mp_fee_base = fs~load_uint(32);
  slice royalty_fee_addr = fs~load_msg_addr();
  int royalty_fee_factor = fs~load_uint(32);
  int royalty_fee_base = fs~load_uint(32);
  (int min_bid, int max_bid, int min_step, _) = unpack_bids(bids);
  return (auction::magic, end?, end_time, marketplace, nft, nft_owner, last_bid, last_member,
    min_step, mp_fee_addr, mp_fee_factor, mp_fee_base, royalty_fee_addr, royalty_fee_factor,
    royalty_fee_base, max_bid, min_bid, created_at, last_bid_at, canceled?);
}
`;
