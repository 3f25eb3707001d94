/**
 * A fixed-price NFT sale written for the local network in the form of getgems' fixed-price sale v3:
 * the same storage fields, the same `get_sale_data` answer (11 entries, magic 0x46495850 "FIXP", which
 * is what indexers such as toncenter's detect a sale by), the same life cycle. It becomes active when
 * the item's TEP-62 ownership_assigned names the seller, sells on a plain transfer of at least
 * full_price (plus gas), and is cancelled by the seller (op 3); both end it (is_complete = 1).
 */
export const NFT_SALE_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";

const int sale::magic = 0x46495850;            ;; "FIXP", the first entry of get_sale_data
const int sale::buy_gas = 100000000;           ;; 0.1 TON on top of full_price pays the NFT transfer
const int op::sale_top_up = 1;                 ;; getgems: accept coins
const int op::sale_cancel = 3;                 ;; getgems: cancel by the seller or the marketplace
const int error::sale_complete = 404;
const int error::sale_price_too_low = 450;
const int error::sale_not_owner = 458;

;; Storage: is_complete:uint1 created_at:uint32 marketplace_address:MsgAddress nft_address:MsgAddress
;;   nft_owner_address:MsgAddress full_price:Coins
;;   fees:^(marketplace_fee_address:MsgAddress marketplace_fee:Coins royalty_address:MsgAddress
;;          royalty_amount:Coins)
;; nft_owner_address is addr_none until the item's ownership_assigned arrives.
(int, int, slice, slice, slice, int, cell) load_sale() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_uint(1), ds~load_uint(32), ds~load_msg_addr(), ds~load_msg_addr(), ds~load_msg_addr(),
    ds~load_coins(), ds~load_ref());
}

() save_sale(int complete, int created_at, slice marketplace, slice nft, slice owner, int price, cell fees) impure inline {
  set_data(begin_cell()
    .store_uint(complete, 1)
    .store_uint(created_at, 32)
    .store_slice(marketplace)
    .store_slice(nft)
    .store_slice(owner)
    .store_coins(price)
    .store_ref(fees)
    .end_cell());
}

#include "nft-trade.fc";

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if (flags & 1) {
    return ();
  }
  (int complete, int created_at, slice marketplace, slice nft, slice owner, int price, cell fees) = load_sale();
  int op = 0;
  int query_id = 0;
  if (slice_bits(body) >= 32) {
    op = body~load_uint(32);
  }
  if (slice_bits(body) >= 64) {
    query_id = body~load_uint(64);
  }
  if (~ is_std_address?(owner)) {
    ;; Not active yet: only the item's ownership_assigned#05138d91 query_id:uint64 prev_owner:MsgAddress
    ;; activates it; anything else (the deploy message, top-ups) is just accepted.
    if ((op == op::ownership_assigned) & equal_slices(sender, nft)) {
      save_sale(complete, created_at, marketplace, nft, body~load_msg_addr(), price, fees);
    }
    return ();
  }
  if (op == op::sale_top_up) {
    return ();
  }
  throw_if(error::sale_complete, complete);
  if (op == op::sale_cancel) {
    throw_unless(error::sale_not_owner, equal_slices(sender, owner) | equal_slices(sender, marketplace));
    send_nft(nft, owner, query_id);
    save_sale(1, created_at, marketplace, nft, owner, price, fees);
    return ();
  }
  throw_unless(error::unknown_op, op == 0);
  ;; A buy: the marketplace fee, the royalty and the seller's part of full_price, then the item (with
  ;; whatever is left) to the buyer.
  throw_unless(error::sale_price_too_low, msg_value >= price + sale::buy_gas);
  slice fs = fees.begin_parse();
  slice fee_address = fs~load_msg_addr();
  int fee = fs~load_coins();
  slice royalty_address = fs~load_msg_addr();
  int royalty = fs~load_coins();
  if (fee > 0) {
    send_value(fee_address, fee);
  }
  if (royalty > 0) {
    send_value(royalty_address, royalty);
  }
  send_value(owner, price - fee - royalty);
  send_nft(nft, sender, query_id);
  save_sale(1, created_at, marketplace, nft, owner, price, fees);
}

;; getgems fixed-price sale v3: (magic, is_complete, created_at, marketplace_address, nft_address,
;; nft_owner_address, full_price, marketplace_fee_address, marketplace_fee, royalty_address, royalty_amount)
(int, int, int, slice, slice, slice, int, slice, int, slice, int) get_sale_data() method_id {
  (int complete, int created_at, slice marketplace, slice nft, slice owner, int price, cell fees) = load_sale();
  slice fs = fees.begin_parse();
  slice fee_address = fs~load_msg_addr();
  int fee = fs~load_coins();
  slice royalty_address = fs~load_msg_addr();
  int royalty = fs~load_coins();
  return (sale::magic, complete, created_at, marketplace, nft, owner, price,
    fee_address, fee, royalty_address, royalty);
}
`;

/**
 * What a sale and an auction send when a deal ends: plain transfers of the payouts and the item to its
 * new owner with what is left on the contract.
 */
export const NFT_TRADE_FC = String.raw`
const int mode::carry_all_balance = 128;

;; A plain transfer: an empty inline body.
() send_value(slice to, int value) impure inline {
  cell msg = begin_cell()
    .store_uint(msg::non_bounceable, 6)
    .store_slice(to)
    .store_coins(value)
    .store_uint(0, msg::header_tail_bits)
    .end_cell();
  send_raw_message(msg, mode::pay_fees_separately);
}

;; The item to new_owner with everything left on the contract (TEP-62 transfer, excesses to new_owner).
() send_nft(slice nft, slice new_owner, int query_id) impure inline {
  cell body = begin_cell()
    .store_uint(op::nft_transfer, 32)
    .store_uint(query_id, 64)
    .store_slice(new_owner)
    .store_slice(new_owner)
    .store_uint(0, 1)      ;; custom_payload: nothing
    .store_coins(0)        ;; forward_amount
    .store_uint(0, 1)      ;; forward_payload: an empty inline cell
    .end_cell();
  send_with_body(msg::bounceable, nft, 0, body, mode::carry_all_balance);
}
`;
