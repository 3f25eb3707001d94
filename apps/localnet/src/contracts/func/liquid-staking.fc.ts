/**
 * A liquid staking pool written for the local network in the form of TONStakers' (https://tonstakers.com):
 * a pool that takes deposits and has its pool jetton minted for them, a TEP-74 minter of that jetton
 * whose admin is the pool, and a collection of withdrawal bills (NFTs) for withdrawals the pool cannot
 * pay at once. The messages between them are TONStakers' (opcodes and leading fields as indexers such as
 * toncenter's read them): deposit#47d54391, mint#1674b0a0 (pool → minter, and pool → bill collection),
 * withdraw#319b0cdc (minter → pool, after a burn), withdrawal#0a77535c (pool → holder, an immediate
 * payout), init_nft#132f9a45 (bill collection → new bill), and at a round's end start_distribution
 * (pool → collection), burn_bill, the bill's burn_notification and distributed_asset (collection →
 * holder). Local simplifications: one pool jetton per nanoton deposited past the 1 TON deposit fee; a
 * withdrawal is paid at once up to the pool's max_immediate, otherwise a bill is minted (instead of
 * the pool's liquidity in the current round); the pool's owner ends a round.
 */

/** Opcodes the three contracts share. */
const LIQUID_STAKING_OPS = String.raw`
const int op::pool_deposit = 0x47d54391;
const int op::pool_withdraw = 0x319b0cdc;
const int op::pool_withdrawal = 0x0a77535c;
const int op::payout_mint = 0x1674b0a0;
const int op::bill_init = 0x132f9a45;
;; start_distribution#1140a64f query_id:uint64 (pool → bill collection, at the round's end);
;; burn_bill#f127fe4e query_id:uint64 (collection → bill); burn_notification#ed58b0b2 query_id:uint64
;; amount:Coins owner:MsgAddress index:uint64 (bill → collection, the index a local addition);
;; distributed_asset#db3b8abd query_id:uint64 (collection → holder, with the payout)
const int op::start_distribution = 0x1140a64f;
const int op::bill_burn = 0xf127fe4e;
const int op::bill_burn_notification = 0xed58b0b2;
const int op::distributed_asset = 0xdb3b8abd;
;; Local: the pool's owner names the minter and the bill collection once (their addresses depend on
;; the pool's, so the pool cannot hold them from its deployment), and ends a round.
const int op::pool_set_contracts = 0x5c0a1e01;
const int op::pool_end_round = 0x5c0a1e02;
const int error::not_pool = 410;
const int error::deposit_too_small = 411;
const int error::not_from_bill = 412;
`;

export const STAKING_POOL_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
${LIQUID_STAKING_OPS}
const int pool::deposit_fee = 1000000000;     ;; 1 TON of each deposit is not staked
const int pool::mint_gas = 100000000;         ;; 0.1 TON to the minter: the wallet's deploy and excess

;; Storage: owner:MsgAddress minter:MsgAddress bills:MsgAddress max_immediate:Coins owed:Coins, owed
;; being what the bills minted since the last distribution stand for.
(slice, slice, slice, int, int) load_pool() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_msg_addr(), ds~load_msg_addr(), ds~load_msg_addr(), ds~load_coins(), ds~load_coins());
}

() save_pool(slice owner, slice minter, slice bills, int max_immediate, int owed) impure inline {
  set_data(begin_cell()
    .store_slice(owner)
    .store_slice(minter)
    .store_slice(bills)
    .store_coins(max_immediate)
    .store_coins(owed)
    .end_cell());
}

;; payout_mint#1674b0a0 query_id:uint64 destination:MsgAddress amount:Coins
cell payout_mint(int query_id, slice destination, int amount) inline {
  return begin_cell()
    .store_uint(op::payout_mint, 32)
    .store_uint(query_id, 64)
    .store_slice(destination)
    .store_coins(amount)
    .end_cell();
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if ((flags & 1) | (slice_bits(body) < 32)) {
    return ();  ;; bounces and plain TON top-ups
  }
  (slice owner, slice minter, slice bills, int max_immediate, int owed) = load_pool();
  int op = body~load_uint(32);
  int query_id = body~load_uint(64);
  if (op == op::pool_set_contracts) {
    throw_unless(error::not_owner, equal_slices(owner, sender) & (~ is_std_address?(minter)));
    save_pool(owner, body~load_msg_addr(), body~load_msg_addr(), max_immediate, owed);
    return ();
  }
  if (op == op::pool_end_round) {
    ;; the round's end: the bill collection gets what the bills stand for and pays their holders
    throw_unless(error::not_owner, equal_slices(owner, sender));
    cell start = begin_cell().store_uint(op::start_distribution, 32).store_uint(query_id, 64).end_cell();
    send_with_body(msg::bounceable, bills, owed, start, mode::carry_inbound_value);
    save_pool(owner, minter, bills, max_immediate, 0);
    return ();
  }
  if (op == op::pool_deposit) {
    throw_unless(error::deposit_too_small, msg_value > pool::deposit_fee + pool::mint_gas);
    send_with_body(msg::bounceable, minter, pool::mint_gas,
      payout_mint(query_id, sender, msg_value - pool::deposit_fee), mode::pay_fees_separately);
    return ();
  }
  if (op == op::pool_withdraw) {
    ;; withdraw#319b0cdc query_id:uint64 jetton_amount:Coins from_address:MsgAddress
    ;;   response_address:MsgAddress wait_till_round_end:Bool fill_or_kill:Bool
    throw_unless(error::not_pool, equal_slices(minter, sender));
    int amount = body~load_coins();
    slice from = body~load_msg_addr();
    body~load_msg_addr();
    int wait = body~load_int(1);
    if ((~ wait) & (amount <= max_immediate)) {
      cell paid = begin_cell().store_uint(op::pool_withdrawal, 32).store_uint(query_id, 64).end_cell();
      send_with_body(msg::non_bounceable, from, amount, paid, mode::carry_inbound_value);
    } else {
      send_with_body(msg::bounceable, bills, 0, payout_mint(query_id, from, amount),
        mode::carry_inbound_value);
      save_pool(owner, minter, bills, max_immediate, owed + amount);
    }
    return ();
  }
  throw(error::unknown_op);
}

;; (owner, minter, bills, max_immediate, owed)
(slice, slice, slice, int, int) get_pool_data() method_id {
  return load_pool();
}
`;

export const STAKING_MINTER_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
#include "jetton-utils.fc";
${LIQUID_STAKING_OPS}

;; Storage (as the local TEP-74 minter): total_supply, admin_address (the pool), content, wallet code.
#include "jetton-minter-storage.fc";

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if ((flags & 1) | (slice_bits(body) < 32)) {
    return ();
  }
  (int supply, slice pool, cell content, cell code) = load_minter();
  int op = body~load_uint(32);
  int query_id = body~load_uint(64);
  if (op == op::payout_mint) {
    throw_unless(error::not_pool, equal_slices(pool, sender));
    slice to = body~load_msg_addr();
    int amount = body~load_coins();
    ;; TEP-74 internal_transfer#178d4519 query_id:uint64 amount:Coins from:MsgAddress
    ;;   response_address:MsgAddress forward_ton_amount:Coins forward_payload:(Either Cell ^Cell)
    cell transfer = begin_cell()
      .store_uint(op::internal_transfer, 32)
      .store_uint(query_id, 64)
      .store_coins(amount)
      .store_slice(my_address())
      .store_slice(to)
      .store_coins(0)
      .store_uint(0, 1)
      .end_cell();
    cell init = jetton_wallet_init(to, my_address(), code);
    send_with_init(address_of(init), 0, init, transfer, mode::carry_inbound_value);
    save_minter(supply + amount, pool, content, code);
    return ();
  }
  if (op == op::burn_notification) {
    ;; burn_notification#7bdd97de query_id:uint64 amount:Coins sender:MsgAddress response:MsgAddress
    int amount = body~load_coins();
    slice from = body~load_msg_addr();
    slice response = body~load_msg_addr();
    throw_unless(error::not_from_wallet,
      equal_slices(jetton_wallet_address(from, my_address(), code), sender));
    cell withdraw = begin_cell()
      .store_uint(op::pool_withdraw, 32)
      .store_uint(query_id, 64)
      .store_coins(amount)
      .store_slice(from)
      .store_slice(response)
      .store_uint(0, 2)      ;; wait_till_round_end, fill_or_kill: the pool decides
      .end_cell();
    send_with_body(msg::bounceable, pool, 0, withdraw, mode::carry_inbound_value);
    save_minter(supply - amount, pool, content, code);
    return ();
  }
  throw(error::unknown_op);
}

#include "jetton-minter-getters.fc";
`;

export const WITHDRAWAL_BILLS_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
${LIQUID_STAKING_OPS}
const int bills::burn_gas = 50000000;         ;; 0.05 TON with each burn_bill: the bill's transaction

;; Storage: pool:MsgAddress next_index:uint64 burned_until:uint64 bill_code:^Cell (bills below
;; burned_until were burnt at a distribution)
(slice, int, int, cell) load_bills() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_msg_addr(), ds~load_uint(64), ds~load_uint(64), ds~load_ref());
}

() save_bills(slice pool, int next_index, int burned_until, cell bill_code) impure inline {
  set_data(begin_cell()
    .store_slice(pool)
    .store_uint(next_index, 64)
    .store_uint(burned_until, 64)
    .store_ref(bill_code)
    .end_cell());
}

cell bill_init(int index, cell bill_code) inline {
  return state_init(bill_code, begin_cell().store_uint(index, 64).store_slice(my_address()).end_cell());
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if ((flags & 1) | (slice_bits(body) < 32)) {
    return ();
  }
  (slice pool, int next_index, int burned_until, cell bill_code) = load_bills();
  int op = body~load_uint(32);
  int query_id = body~load_uint(64);
  if (op == op::bill_burn_notification) {
    int amount = body~load_coins();
    slice owner = body~load_msg_addr();
    int index = body~load_uint(64);
    throw_unless(error::not_from_bill, equal_slices(address_of(bill_init(index, bill_code)), sender));
    cell paid = begin_cell().store_uint(op::distributed_asset, 32).store_uint(query_id, 64).end_cell();
    send_with_body(msg::non_bounceable, owner, amount, paid, mode::pay_fees_separately);
    return ();
  }
  throw_unless(error::not_pool, equal_slices(pool, sender));
  if (op == op::start_distribution) {
    cell burn = begin_cell().store_uint(op::bill_burn, 32).store_uint(query_id, 64).end_cell();
    int index = burned_until;
    while (index < next_index) {
      send_with_body(msg::bounceable, address_of(bill_init(index, bill_code)), bills::burn_gas, burn,
        mode::pay_fees_separately);
      index += 1;
    }
    save_bills(pool, next_index, next_index, bill_code);
    return ();
  }
  throw_unless(error::unknown_op, op == op::payout_mint);
  ;; init_nft#132f9a45 query_id:uint64 owner:MsgAddress amount:Coins: the bill of amount for owner
  cell bill = begin_cell()
    .store_uint(op::bill_init, 32)
    .store_uint(query_id, 64)
    .store_slice(body~load_msg_addr())
    .store_coins(body~load_coins())
    .end_cell();
  cell init = bill_init(next_index, bill_code);
  send_with_init(address_of(init), 0, init, bill, mode::carry_inbound_value);
  save_bills(pool, next_index + 1, burned_until, bill_code);
}

;; TEP-62: (next_item_index, collection_content, owner_address)
(int, cell, slice) get_collection_data() method_id {
  (slice pool, int next_index, _, _) = load_bills();
  return (next_index, begin_cell().end_cell(), pool);
}

slice get_nft_address_by_index(int index) method_id {
  (_, _, _, cell bill_code) = load_bills();
  return address_of(bill_init(index, bill_code));
}

cell get_nft_content(int index, cell individual_content) method_id {
  return individual_content;
}
`;

export const WITHDRAWAL_BILL_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
${LIQUID_STAKING_OPS}
const int error::not_from_collection = 405;
const int mode::destroy_when_empty = 160;      ;; carry the whole balance (128) and delete the account (32)

;; Storage: index:uint64 collection:MsgAddress, then owner:MsgAddress amount:Coins once initialised.
() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if (flags & 1) {
    return ();
  }
  slice ds = get_data().begin_parse();
  int index = ds~load_uint(64);
  slice collection = ds~load_msg_addr();
  throw_unless(error::not_from_collection, equal_slices(collection, sender));
  int op = body~load_uint(32);
  int query_id = body~load_uint(64);
  if (slice_empty?(ds)) {
    throw_unless(error::unknown_op, op == op::bill_init);
    set_data(begin_cell()
      .store_uint(index, 64)
      .store_slice(collection)
      .store_slice(body~load_msg_addr())
      .store_coins(body~load_coins())
      .end_cell());
    return ();
  }
  throw_unless(error::unknown_op, op == op::bill_burn);
  slice owner = ds~load_msg_addr();
  cell notification = begin_cell()
    .store_uint(op::bill_burn_notification, 32)
    .store_uint(query_id, 64)
    .store_coins(ds~load_coins())
    .store_slice(owner)
    .store_uint(index, 64)
    .end_cell();
  send_with_body(msg::bounceable, collection, 0, notification, mode::destroy_when_empty);
}

;; TEP-62: (init?, index, collection_address, owner_address, individual_content)
(int, int, slice, slice, cell) get_nft_data() method_id {
  slice ds = get_data().begin_parse();
  int index = ds~load_uint(64);
  slice collection = ds~load_msg_addr();
  if (slice_empty?(ds)) {
    return (0, index, collection, null(), null());
  }
  return (-1, index, collection, ds~load_msg_addr(), begin_cell().end_cell());
}

;; The amount of pool jetton the bill stands for.
int get_bill_amount() method_id {
  slice ds = get_data().begin_parse();
  ds~skip_bits(64);
  ds~load_msg_addr();
  ds~load_msg_addr();
  return ds~load_coins();
}
`;
