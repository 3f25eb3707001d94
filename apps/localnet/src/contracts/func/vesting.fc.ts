/**
 * A vesting wallet: a wallet whose balance unlocks over time, with a whitelist of destinations that may
 * receive locked funds. Opcodes, data layout and get-methods follow the interface of the TON vesting wallet
 * (get_vesting_data, get_locked_amount, add_whitelist#7258a69b, send#a7733acd), so tools that read vesting
 * wallets read this one; the code is written for the local network.
 */
export const VESTING_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";

const int op::vesting_send = 0xa7733acd;
const int op::vesting_send_response = 0xf7733acd;
const int op::add_whitelist = 0x7258a69b;
const int op::add_whitelist_response = 0xf258a69b;

const int error::expired = 36;
const int error::bad_seqno = 33;
const int error::bad_subwallet = 34;
const int error::bad_signature = 35;
const int error::bad_send_mode = 100;
const int error::too_many_messages = 101;
const int error::not_vesting_sender = 102;

;; Data: seqno:uint32 subwallet_id:uint32 public_key:uint256 whitelist:(HashmapE 267 True)
;;   params:^(vesting_start_time:uint64 vesting_total_duration:uint32 unlock_period:uint32
;;            cliff_duration:uint32 vesting_total_amount:Coins vesting_sender_address:MsgAddress
;;            owner_address:MsgAddress)
(int, int, int, cell, cell) load_vesting() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_uint(32), ds~load_uint(32), ds~load_uint(256), ds~load_dict(), ds~load_ref());
}

() save_vesting(int seqno, int subwallet, int public_key, cell whitelist, cell params) impure inline {
  set_data(begin_cell()
    .store_uint(seqno, 32)
    .store_uint(subwallet, 32)
    .store_uint(public_key, 256)
    .store_dict(whitelist)
    .store_ref(params)
    .end_cell());
}

(int, int, int, int, int, slice, slice) unpack_params(cell params) inline {
  slice ps = params.begin_parse();
  return (ps~load_uint(64), ps~load_uint(32), ps~load_uint(32), ps~load_uint(32), ps~load_coins(),
    ps~load_msg_addr(), ps~load_msg_addr());
}

;; Locked at time t: everything before the cliff, nothing after the end, and in between what the whole
;; unlock periods passed since the start have not released yet.
int locked_at(cell params, int t) inline {
  (int start, int duration, int period, int cliff, int total, _, _) = unpack_params(params);
  if (t < start + cliff) {
    return total;
  }
  if (t >= start + duration) {
    return 0;
  }
  int elapsed = (t - start) / period * period;
  return total - muldiv(total, elapsed, duration);
}

int whitelisted?(cell whitelist, slice address) inline {
  (_, int found) = dict_get?(whitelist, 267, address);
  return found;
}

;; Sends one wallet message, keeping the locked amount unless the destination is whitelisted.
() send_checked(cell whitelist, cell params, int mode, cell msg) impure inline {
  int locked = locked_at(params, now());
  if (locked > 0) {
    throw_unless(error::bad_send_mode, mode == mode::pay_fees_separately + mode::ignore_errors);
    slice ms = msg.begin_parse();
    ms~skip_bits(4);
    ms~load_msg_addr();
    slice destination = ms~load_msg_addr();
    if (~ whitelisted?(whitelist, destination)) {
      raw_reserve(locked, 0);
    }
  }
  send_raw_message(msg, mode);
}

;; External (signed by the wallet key): signature:bits512 subwallet_id:uint32 valid_until:uint32
;;   seqno:uint32, then at most one send_mode:uint8 + ^MessageRelaxed.
() recv_external(slice body) impure {
  slice signature = body~load_bits(512);
  int hash = slice_hash(body);
  int subwallet = body~load_uint(32);
  int valid_until = body~load_uint(32);
  int msg_seqno = body~load_uint(32);
  (int seqno, int stored_subwallet, int public_key, cell whitelist, cell params) = load_vesting();
  throw_if(error::expired, valid_until <= now());
  throw_unless(error::bad_seqno, msg_seqno == seqno);
  throw_unless(error::bad_subwallet, subwallet == stored_subwallet);
  throw_unless(error::bad_signature, check_signature(hash, signature, public_key));
  throw_unless(error::too_many_messages, slice_refs(body) <= 1);
  accept_message();
  save_vesting(seqno + 1, stored_subwallet, public_key, whitelist, params);
  ;; commit the seqno before the message: a refused message must not make the external replayable
  if (slice_refs(body) == 1) {
    int mode = body~load_uint(8);
    send_checked(whitelist, params, mode, body~load_ref());
  }
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if ((flags & 1) | (slice_bits(body) < 32)) {
    return ();  ;; bounces and deposits
  }
  int op = body~load_uint(32);
  int query_id = body~load_uint(64);
  (int seqno, int subwallet, int public_key, cell whitelist, cell params) = load_vesting();
  (_, _, _, _, _, slice vesting_sender, slice owner) = unpack_params(params);
  if (op == op::vesting_send) {
    ;; send#a7733acd query_id:uint64 send_mode:uint8 message:^MessageRelaxed (from the owner)
    throw_unless(error::not_owner, equal_slices(sender, owner));
    int mode = body~load_uint(8);
    send_checked(whitelist, params, mode, body~load_ref());
    send_op(msg::non_bounceable, sender, 0, op::vesting_send_response, query_id, mode::carry_inbound_value + mode::ignore_errors);
    return ();
  }
  if (op == op::add_whitelist) {
    ;; add_whitelist#7258a69b query_id:uint64 address:MsgAddress, more addresses in a chain of refs
    throw_unless(error::not_vesting_sender, equal_slices(sender, vesting_sender));
    slice addresses = body;
    int more = -1;
    while (more) {
      slice address = addresses~load_msg_addr();
      force_basechain(address);
      whitelist = dict_set_builder(whitelist, 267, address, begin_cell());
      more = slice_refs(addresses) > 0;
      if (more) {
        addresses = addresses~load_ref().begin_parse();
      }
    }
    save_vesting(seqno, subwallet, public_key, whitelist, params);
    send_op(msg::non_bounceable, sender, 0, op::add_whitelist_response, query_id, mode::carry_inbound_value + mode::ignore_errors);
    return ();
  }
  ;; anything else is a deposit with a comment or a notification: accepted as is
}

int seqno() method_id {
  (int seqno, _, _, _, _) = load_vesting();
  return seqno;
}

int get_subwallet_id() method_id {
  (_, int subwallet, _, _, _) = load_vesting();
  return subwallet;
}

int get_public_key() method_id {
  (_, _, int public_key, _, _) = load_vesting();
  return public_key;
}

;; (vesting_start_time, vesting_total_duration, unlock_period, cliff_duration, vesting_total_amount,
;;  vesting_sender_address, owner_address, whitelist)
(int, int, int, int, int, slice, slice, cell) get_vesting_data() method_id {
  (_, _, _, cell whitelist, cell params) = load_vesting();
  (int start, int duration, int period, int cliff, int total, slice vesting_sender, slice owner) = unpack_params(params);
  return (start, duration, period, cliff, total, vesting_sender, owner, whitelist);
}

int get_locked_amount(int at_time) method_id {
  (_, _, _, _, cell params) = load_vesting();
  return locked_at(params, at_time);
}

int is_whitelisted(slice address) method_id {
  (_, _, _, cell whitelist, _) = load_vesting();
  return whitelisted?(whitelist, address);
}
`;
