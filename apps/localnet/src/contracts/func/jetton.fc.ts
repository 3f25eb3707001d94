/**
 * A TEP-74 Jetton (fungible token): the wallet and the minter, written for the local network. Message
 * layouts are TEP-74's TL-B (quoted above each handler); get-methods return the TEP-74 shapes.
 */

/** Jetton wallet data and address derivation, shared by the minter and the wallet. */
export const JETTON_UTILS_FC = String.raw`
const int jetton::min_storage = 10000000;      ;; 0.01 TON kept by a wallet for storage
const int jetton::gas_reserve = 15000000;      ;; 0.015 TON: what one wallet transaction may burn in gas

;; Wallet data: balance:Coins owner_address:MsgAddressInt jetton_master_address:MsgAddressInt jetton_wallet_code:^Cell
cell jetton_wallet_data(int balance, slice owner, slice master, cell code) inline {
  return begin_cell().store_coins(balance).store_slice(owner).store_slice(master).store_ref(code).end_cell();
}

cell jetton_wallet_init(slice owner, slice master, cell code) inline {
  return state_init(code, jetton_wallet_data(0, owner, master, code));
}

slice jetton_wallet_address(slice owner, slice master, cell code) inline {
  return address_of(jetton_wallet_init(owner, master, code));
}
`;

export const JETTON_WALLET_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
#include "jetton-utils.fc";

(int, slice, slice, cell) load_wallet() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_coins(), ds~load_msg_addr(), ds~load_msg_addr(), ds~load_ref());
}

() save_wallet(int balance, slice owner, slice master, cell code) impure inline {
  set_data(jetton_wallet_data(balance, owner, master, code));
}

;; transfer#0f8a7ea5 query_id:uint64 amount:(VarUInteger 16) destination:MsgAddress
;;   response_destination:MsgAddress custom_payload:(Maybe ^Cell) forward_ton_amount:(VarUInteger 16)
;;   forward_payload:(Either Cell ^Cell) = InternalMsgBody;
() on_transfer(slice body, slice sender, int msg_value, int fwd_fee) impure inline {
  int query_id = body~load_uint(64);
  int amount = body~load_coins();
  slice destination = body~load_msg_addr();
  force_basechain(destination);
  slice response = body~load_msg_addr();
  body~load_maybe_ref();
  int forward_ton_amount = body~load_coins();
  throw_unless(error::bad_address, slice_bits(body) >= 1);
  (int balance, slice owner, slice master, cell code) = load_wallet();
  throw_unless(error::not_wallet_owner, equal_slices(owner, sender));
  balance -= amount;
  throw_unless(error::balance_too_low, balance >= 0);
  ;; the inbound value pays: this transaction, the receiver's transaction, the internal_transfer and,
  ;; when asked, the notification (one more forward) plus forward_ton_amount
  int forwards = forward_ton_amount ? 2 : 1;
  throw_unless(error::not_enough_gas,
    msg_value > forward_ton_amount + forwards * fwd_fee + 2 * jetton::gas_reserve + jetton::min_storage);
  ;; internal_transfer#178d4519 query_id:uint64 amount:(VarUInteger 16) from:MsgAddress
  ;;   response_address:MsgAddress forward_ton_amount:(VarUInteger 16) forward_payload:(Either Cell ^Cell)
  cell transfer = begin_cell()
    .store_uint(op::internal_transfer, 32)
    .store_uint(query_id, 64)
    .store_coins(amount)
    .store_slice(owner)
    .store_slice(response)
    .store_coins(forward_ton_amount)
    .store_slice(body)
    .end_cell();
  cell init = jetton_wallet_init(destination, master, code);
  send_with_init(address_of(init), 0, init, transfer, mode::carry_inbound_value);
  save_wallet(balance, owner, master, code);
}

() on_internal_transfer(slice body, slice sender, int msg_value, int fwd_fee) impure inline {
  int query_id = body~load_uint(64);
  int amount = body~load_coins();
  slice from = body~load_msg_addr();
  slice response = body~load_msg_addr();
  int forward_ton_amount = body~load_coins();
  (int balance, slice owner, slice master, cell code) = load_wallet();
  ;; only the minter, or the wallet of the same Jetton owned by from, may credit this wallet
  throw_unless(error::not_from_minter_or_wallet,
    equal_slices(master, sender) | equal_slices(jetton_wallet_address(from, master, code), sender));
  balance += amount;
  int storage_top_up = jetton::min_storage - min(my_balance() - msg_value, jetton::min_storage);
  int left = msg_value - storage_top_up - jetton::gas_reserve;
  if (forward_ton_amount) {
    left -= forward_ton_amount + fwd_fee;
    ;; transfer_notification#7362d09c query_id:uint64 amount:(VarUInteger 16) sender:MsgAddress
    ;;   forward_payload:(Either Cell ^Cell)
    cell notification = begin_cell()
      .store_uint(op::transfer_notification, 32)
      .store_uint(query_id, 64)
      .store_coins(amount)
      .store_slice(from)
      .store_slice(body)
      .end_cell();
    send_with_body(msg::non_bounceable, owner, forward_ton_amount, notification, mode::pay_fees_separately);
  }
  if (is_std_address?(response) & (left > 0)) {
    ;; excesses#d53276db query_id:uint64
    send_op(msg::non_bounceable, response, left, op::excesses, query_id, mode::ignore_errors);
  }
  save_wallet(balance, owner, master, code);
}

;; burn#595f07bc query_id:uint64 amount:(VarUInteger 16) response_destination:MsgAddress
;;   custom_payload:(Maybe ^Cell) = InternalMsgBody;
() on_burn(slice body, slice sender, int msg_value, int fwd_fee) impure inline {
  int query_id = body~load_uint(64);
  int amount = body~load_coins();
  slice response = body~load_msg_addr();
  (int balance, slice owner, slice master, cell code) = load_wallet();
  throw_unless(error::not_wallet_owner, equal_slices(owner, sender));
  balance -= amount;
  throw_unless(error::balance_too_low, balance >= 0);
  throw_unless(error::not_enough_gas, msg_value > fwd_fee + 2 * jetton::gas_reserve);
  ;; burn_notification#7bdd97de query_id:uint64 amount:(VarUInteger 16) sender:MsgAddress
  ;;   response_destination:MsgAddress = InternalMsgBody;
  cell notification = begin_cell()
    .store_uint(op::burn_notification, 32)
    .store_uint(query_id, 64)
    .store_coins(amount)
    .store_slice(owner)
    .store_slice(response)
    .end_cell();
  send_with_body(msg::bounceable, master, 0, notification, mode::carry_inbound_value);
  save_wallet(balance, owner, master, code);
}

;; A bounced internal_transfer or burn_notification gives the amount back: the bounced body is
;; 0xffffffff followed by the first bits of the original (op, query_id, amount).
() on_bounce(slice body) impure inline {
  body~skip_bits(32);
  int op = body~load_uint(32);
  if ((op == op::internal_transfer) | (op == op::burn_notification)) {
    body~skip_bits(64);
    int amount = body~load_coins();
    (int balance, slice owner, slice master, cell code) = load_wallet();
    save_wallet(balance + amount, owner, master, code);
  }
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, int fwd_fee) = parse_inbound(in_msg_full);
  if (flags & 1) {
    on_bounce(body);
    return ();
  }
  if (slice_bits(body) < 32) {
    return ();  ;; plain TON top-up
  }
  int op = body~load_uint(32);
  if (op == op::transfer) {
    on_transfer(body, sender, msg_value, fwd_fee);
    return ();
  }
  if (op == op::internal_transfer) {
    on_internal_transfer(body, sender, msg_value, fwd_fee);
    return ();
  }
  if (op == op::burn) {
    on_burn(body, sender, msg_value, fwd_fee);
    return ();
  }
  throw(error::unknown_op);
}

;; TEP-74: (int balance, slice owner, slice jetton, cell jetton_wallet_code)
(int, slice, slice, cell) get_wallet_data() method_id {
  return load_wallet();
}
`;

export const JETTON_MINTER_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
#include "jetton-utils.fc";

#include "jetton-minter-storage.fc";

;; mint#642b7d07 query_id:uint64 to_address:MsgAddressInt ton_amount:Coins master_msg:^InternalMsgBody
;; where master_msg is an internal_transfer carrying the amount to credit.
() on_mint(slice body, slice sender) impure inline {
  (int supply, slice admin, cell content, cell code) = load_minter();
  throw_unless(error::not_admin, equal_slices(admin, sender));
  body~skip_bits(64);
  slice to = body~load_msg_addr();
  force_basechain(to);
  int ton_amount = body~load_coins();
  cell master_msg = body~load_ref();
  slice transfer = master_msg.begin_parse();
  throw_unless(error::unknown_op, transfer~load_uint(32) == op::internal_transfer);
  transfer~skip_bits(64);
  int amount = transfer~load_coins();
  cell init = jetton_wallet_init(to, my_address(), code);
  send_with_init(address_of(init), ton_amount, init, master_msg, mode::pay_fees_separately);
  save_minter(supply + amount, admin, content, code);
}

() on_burn_notification(slice body, slice sender) impure inline {
  (int supply, slice admin, cell content, cell code) = load_minter();
  int query_id = body~load_uint(64);
  int amount = body~load_coins();
  slice from = body~load_msg_addr();
  slice response = body~load_msg_addr();
  throw_unless(error::not_from_wallet, equal_slices(jetton_wallet_address(from, my_address(), code), sender));
  save_minter(supply - amount, admin, content, code);
  if (is_std_address?(response)) {
    send_op(msg::non_bounceable, response, 0, op::excesses, query_id,
      mode::carry_inbound_value + mode::ignore_errors);
  }
}

;; TEP-89: provide_wallet_address#2c76b973 query_id:uint64 owner_address:MsgAddress include_address:Bool
;; -> take_wallet_address#d1735400 query_id:uint64 wallet_address:MsgAddress owner_address:(Maybe ^MsgAddress)
() on_provide_wallet_address(slice body, slice sender, int msg_value, int fwd_fee) impure inline {
  throw_unless(error::not_enough_gas, msg_value > fwd_fee + jetton::gas_reserve);
  (_, _, _, cell code) = load_minter();
  int query_id = body~load_uint(64);
  slice owner = body~load_msg_addr();
  int include_address = body~load_int(1);
  (int wc, _) = parse_std_addr(owner);
  ;; addr_none answers an owner outside the basechain, as TEP-89 requires
  slice wallet = (wc == 0) ? jetton_wallet_address(owner, my_address(), code) : begin_cell().store_uint(0, 2).end_cell().begin_parse();
  cell owner_ref = include_address ? begin_cell().store_slice(owner).end_cell() : null();
  cell answer = begin_cell()
    .store_uint(op::take_wallet_address, 32)
    .store_uint(query_id, 64)
    .store_slice(wallet)
    .store_maybe_ref(owner_ref)
    .end_cell();
  send_with_body(msg::bounceable, sender, 0, answer, mode::carry_inbound_value);
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, int fwd_fee) = parse_inbound(in_msg_full);
  if (flags & 1) {
    ;; a bounced mint (0xffffffff, then op, query_id, amount of the internal_transfer): uncount it
    body~skip_bits(32);
    if (body~load_uint(32) == op::internal_transfer) {
      body~skip_bits(64);
      (int supply, slice admin, cell content, cell code) = load_minter();
      save_minter(supply - body~load_coins(), admin, content, code);
    }
    return ();
  }
  if (slice_bits(body) < 32) {
    return ();  ;; deploy or top-up
  }
  int op = body~load_uint(32);
  if (op == op::mint) {
    on_mint(body, sender);
    return ();
  }
  if (op == op::burn_notification) {
    on_burn_notification(body, sender);
    return ();
  }
  if (op == op::provide_wallet_address) {
    on_provide_wallet_address(body, sender, msg_value, fwd_fee);
    return ();
  }
  throw(error::unknown_op);
}

#include "jetton-minter-getters.fc";
`;

/**
 * A TEP-74 minter's storage (the local minter's, and the liquid staking pool jetton's minter's):
 * total_supply, admin, content and the wallet code.
 */
export const JETTON_MINTER_STORAGE_FC = String.raw`
;; Minter data: total_supply:Coins admin_address:MsgAddress content:^Cell jetton_wallet_code:^Cell
(int, slice, cell, cell) load_minter() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_coins(), ds~load_msg_addr(), ds~load_ref(), ds~load_ref());
}

() save_minter(int supply, slice admin, cell content, cell code) impure inline {
  set_data(begin_cell().store_coins(supply).store_slice(admin).store_ref(content).store_ref(code).end_cell());
}
`;

/** TEP-74's get-methods of a minter with that storage. */
export const JETTON_MINTER_GETTERS_FC = String.raw`
;; TEP-74: (int total_supply, int mintable, slice admin_address, cell jetton_content, cell jetton_wallet_code)
(int, int, slice, cell, cell) get_jetton_data() method_id {
  (int supply, slice admin, cell content, cell code) = load_minter();
  return (supply, -1, admin, content, code);
}

;; TEP-74: slice get_wallet_address(slice owner_address)
slice get_wallet_address(slice owner) method_id {
  (_, _, _, cell code) = load_minter();
  return jetton_wallet_address(owner, my_address(), code);
}
`;
