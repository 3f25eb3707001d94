/**
 * A TEP-62 NFT collection and item, with TEP-66 royalty parameters, written for the local network.
 * Message layouts are TEP-62's TL-B (quoted above each handler); get-methods return the TEP-62 shapes.
 */

export const NFT_COLLECTION_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";

;; TEP-66
const int op::get_royalty_params = 0x693d3950;
const int op::report_royalty_params = 0xa8cb00ad;

;; Collection data: owner_address:MsgAddress next_item_index:uint64
;;   content:^(collection_content:^Cell common_content:^Cell) nft_item_code:^Cell
;;   royalty_params:^(numerator:uint16 denominator:uint16 destination:MsgAddress)
(slice, int, cell, cell, cell) load_collection() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_msg_addr(), ds~load_uint(64), ds~load_ref(), ds~load_ref(), ds~load_ref());
}

() save_collection(slice owner, int next_index, cell content, cell item_code, cell royalty) impure inline {
  set_data(begin_cell()
    .store_slice(owner)
    .store_uint(next_index, 64)
    .store_ref(content)
    .store_ref(item_code)
    .store_ref(royalty)
    .end_cell());
}

;; An item is addressed by its StateInit with data index:uint64 collection_address:MsgAddress.
cell item_init(int index, cell item_code) inline {
  return state_init(item_code, begin_cell().store_uint(index, 64).store_slice(my_address()).end_cell());
}

;; deploy#00000001 query_id:uint64 item_index:uint64 amount:Coins
;;   content:^(owner_address:MsgAddress individual_content:^Cell)
() on_deploy(slice body, slice sender) impure inline {
  (slice owner, int next_index, cell content, cell item_code, cell royalty) = load_collection();
  throw_unless(error::not_owner, equal_slices(owner, sender));
  body~skip_bits(64);
  int index = body~load_uint(64);
  throw_unless(error::bad_index, index <= next_index);
  int amount = body~load_coins();
  cell item_content = body~load_ref();
  cell init = item_init(index, item_code);
  send_with_init(address_of(init), amount, init, item_content, mode::pay_fees_separately);
  if (index == next_index) {
    next_index += 1;
  }
  save_collection(owner, next_index, content, item_code, royalty);
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if ((flags & 1) | (slice_bits(body) < 32)) {
    return ();  ;; bounces and plain TON top-ups
  }
  int op = body~load_uint(32);
  if (op == op::deploy_nft) {
    on_deploy(body, sender);
    return ();
  }
  if (op == op::change_collection_owner) {
    (slice owner, int next_index, cell content, cell item_code, cell royalty) = load_collection();
    throw_unless(error::not_owner, equal_slices(owner, sender));
    body~skip_bits(64);
    slice new_owner = body~load_msg_addr();
    save_collection(new_owner, next_index, content, item_code, royalty);
    return ();
  }
  if (op == op::get_royalty_params) {
    ;; report_royalty_params#a8cb00ad query_id:uint64 numerator:uint16 denominator:uint16 destination:MsgAddress
    (_, _, _, _, cell royalty) = load_collection();
    int query_id = body~load_uint(64);
    cell answer = begin_cell()
      .store_uint(op::report_royalty_params, 32)
      .store_uint(query_id, 64)
      .store_slice(royalty.begin_parse())
      .end_cell();
    send_with_body(msg::bounceable, sender, 0, answer, mode::carry_inbound_value);
    return ();
  }
  throw(error::unknown_op);
}

;; TEP-62: (int next_item_index, cell collection_content, slice owner_address)
(int, cell, slice) get_collection_data() method_id {
  (slice owner, int next_index, cell content, _, _) = load_collection();
  return (next_index, content.begin_parse().preload_ref(), owner);
}

;; TEP-62: slice get_nft_address_by_index(int index)
slice get_nft_address_by_index(int index) method_id {
  (_, _, _, cell item_code, _) = load_collection();
  return address_of(item_init(index, item_code));
}

;; TEP-62: cell get_nft_content(int index, cell individual_content): the full TEP-64 content. Off-chain
;; content is 0x01 followed by the URI as snake data, so the URI is common_content + individual_content.
cell get_nft_content(int index, cell individual_content) method_id {
  (_, _, cell content, _, _) = load_collection();
  slice cs = content.begin_parse();
  cs~load_ref();
  cell common = cs~load_ref();
  return begin_cell().store_uint(1, 8).store_slice(common.begin_parse()).store_ref(individual_content).end_cell();
}

;; TEP-66: (int numerator, int denominator, slice destination)
(int, int, slice) royalty_params() method_id {
  (_, _, _, _, cell royalty) = load_collection();
  slice rs = royalty.begin_parse();
  return (rs~load_uint(16), rs~load_uint(16), rs~load_msg_addr());
}
`;

export const NFT_ITEM_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";

const int nft::min_storage = 50000000;  ;; 0.05 TON stays on the item; the rest goes back as excesses
const int error::not_from_collection = 405;

;; Item data: index:uint64 collection_address:MsgAddress, then once deployed by the collection
;; owner_address:MsgAddress content:^Cell.
(int, int, slice, slice, cell) load_item() inline {
  slice ds = get_data().begin_parse();
  int index = ds~load_uint(64);
  slice collection = ds~load_msg_addr();
  if (slice_bits(ds) > 0) {
    return (-1, index, collection, ds~load_msg_addr(), ds~load_ref());
  }
  return (0, index, collection, null(), null());
}

() save_item(int index, slice collection, slice owner, cell content) impure inline {
  set_data(begin_cell().store_uint(index, 64).store_slice(collection).store_slice(owner).store_ref(content).end_cell());
}

;; transfer#5fcc3d14 query_id:uint64 new_owner:MsgAddress response_destination:MsgAddress
;;   custom_payload:(Maybe ^Cell) forward_amount:(VarUInteger 16) forward_payload:(Either Cell ^Cell)
() on_transfer(slice body, slice sender, int fwd_fee, int index, slice collection, slice owner, cell content) impure inline {
  throw_unless(error::not_owner, equal_slices(owner, sender));
  int query_id = body~load_uint(64);
  slice new_owner = body~load_msg_addr();
  force_basechain(new_owner);
  slice response = body~load_msg_addr();
  body~load_maybe_ref();
  int forward_amount = body~load_coins();
  throw_unless(error::bad_address, slice_bits(body) >= 1);
  int rest = my_balance() - nft::min_storage;
  if (forward_amount) {
    rest -= forward_amount + fwd_fee;
  }
  int need_response = is_std_address?(response);
  if (need_response) {
    rest -= fwd_fee;
  }
  throw_unless(error::not_enough_ton, rest >= 0);
  if (forward_amount) {
    ;; ownership_assigned#05138d91 query_id:uint64 prev_owner:MsgAddress forward_payload:(Either Cell ^Cell)
    cell assigned = begin_cell()
      .store_uint(op::ownership_assigned, 32)
      .store_uint(query_id, 64)
      .store_slice(owner)
      .store_slice(body)
      .end_cell();
    send_with_body(msg::non_bounceable, new_owner, forward_amount, assigned, mode::pay_fees_separately);
  }
  if (need_response) {
    send_op(msg::non_bounceable, response, rest, op::excesses, query_id, mode::pay_fees_separately);
  }
  save_item(index, collection, new_owner, content);
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, int fwd_fee) = parse_inbound(in_msg_full);
  if (flags & 1) {
    return ();
  }
  (int init?, int index, slice collection, slice owner, cell content) = load_item();
  if (~ init?) {
    ;; the collection's deploy message: owner_address:MsgAddress individual_content:^Cell
    throw_unless(error::not_from_collection, equal_slices(collection, sender));
    save_item(index, collection, body~load_msg_addr(), body~load_ref());
    return ();
  }
  if (slice_bits(body) < 32) {
    return ();
  }
  int op = body~load_uint(32);
  if (op == op::nft_transfer) {
    on_transfer(body, sender, fwd_fee, index, collection, owner, content);
    return ();
  }
  if (op == op::get_static_data) {
    ;; report_static_data#8b771735 query_id:uint64 index:uint256 collection:MsgAddress
    int query_id = body~load_uint(64);
    cell answer = begin_cell()
      .store_uint(op::report_static_data, 32)
      .store_uint(query_id, 64)
      .store_uint(index, 256)
      .store_slice(collection)
      .end_cell();
    send_with_body(msg::non_bounceable, sender, 0, answer, mode::carry_inbound_value);
    return ();
  }
  throw(error::unknown_op);
}

;; TEP-62: (int init?, int index, slice collection_address, slice owner_address, cell individual_content)
(int, int, slice, slice, cell) get_nft_data() method_id {
  return load_item();
}
`;
