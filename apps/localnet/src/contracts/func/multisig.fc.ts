/**
 * A multisig wallet and its order contracts with the interface of TON's multisig v2 (new_order#f718510f,
 * init#9c73fba2, approve#a762230f, execute#75097f5d; get_multisig_data, get_order_address,
 * get_order_data), so tools that read multisig v2 read these; the code is written for the local network.
 * An order holds a list of actions (send_message#f1381e5b, update_multisig_params#1d0cfbd3); once enough
 * signers approved it, it asks the multisig to execute them.
 */

/** Shared by the multisig and its orders. */
export const MULTISIG_COMMON_FC = String.raw`
const int op::new_order = 0xf718510f;
const int op::execute = 0x75097f5d;
const int op::order_init = 0x9c73fba2;
const int op::approve = 0xa762230f;
const int op::approve_accepted = 0x82609bf6;
const int op::approve_rejected = 0xafaf283e;
const int action::send_message = 0xf1381e5b;
const int action::update_multisig_params = 0x1d0cfbd3;

const int error::unauthorized_new_order = 1007;
const int error::invalid_new_order = 1008;
const int error::unauthorized_execute = 101;
const int error::signers_outdated = 102;
const int error::order_expired = 111;
const int error::unauthorized_init = 104;
const int error::already_inited = 105;
const int error::unauthorized_sign = 106;
const int error::already_approved = 107;
const int error::already_executed = 112;

;; Order data before init: multisig_address:MsgAddressInt order_seqno:uint256
cell order_init(slice multisig, int order_seqno, cell order_code) inline {
  return state_init(order_code, begin_cell().store_slice(multisig).store_uint(order_seqno, 256).end_cell());
}
`;

export const MULTISIG_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
#include "multisig-common.fc";

const int max_order_seqno = 115792089237316195423570985008687907853269984665640564039457584007913129639935;

;; Data: next_order_seqno:uint256 threshold:uint8 signers:^(Hashmap 8 MsgAddressInt) signers_num:uint8
;;   proposers:(HashmapE 8 MsgAddressInt) allow_arbitrary_order_seqno:Bool; then the order code by
;;   reference (an order's address depends on it).
(int, int, cell, int, cell, int, cell) load_multisig() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_uint(256), ds~load_uint(8), ds~load_ref(), ds~load_uint(8), ds~load_dict(), ds~load_int(1), ds~load_ref());
}

() save_multisig(int next_seqno, int threshold, cell signers, int signers_num, cell proposers, int arbitrary, cell order_code) impure inline {
  set_data(begin_cell()
    .store_uint(next_seqno, 256)
    .store_uint(threshold, 8)
    .store_ref(signers)
    .store_uint(signers_num, 8)
    .store_dict(proposers)
    .store_int(arbitrary, 1)
    .store_ref(order_code)
    .end_cell());
}

int is_member?(cell members, int index, slice sender) inline {
  (slice member, int found) = udict_get?(members, 8, index);
  return found ? equal_slices(member, sender) : 0;
}

;; new_order#f718510f query_id:uint64 order_seqno:uint256 signer:(## 1) index:uint8 expiration_date:uint48
;;   order:^Order
() on_new_order(slice body, slice sender) impure inline {
  (int next_seqno, int threshold, cell signers, int signers_num, cell proposers, int arbitrary, cell order_code) = load_multisig();
  int query_id = body~load_uint(64);
  int order_seqno = body~load_uint(256);
  int by_signer = body~load_uint(1);
  int index = body~load_uint(8);
  int expiration_date = body~load_uint(48);
  cell order = body~load_ref();
  throw_unless(error::unauthorized_new_order, is_member?(by_signer ? signers : proposers, index, sender));
  throw_unless(error::order_expired, expiration_date > now());
  if (~ arbitrary) {
    ;; the maximal seqno means "the next one"
    if (order_seqno == max_order_seqno) {
      order_seqno = next_seqno;
    }
    throw_unless(error::invalid_new_order, order_seqno == next_seqno);
    next_seqno += 1;
  }
  ;; init#9c73fba2 query_id:uint64 threshold:uint8 signers:^(Hashmap 8 MsgAddressInt)
  ;;   expiration_date:uint48 order:^Order approve_on_init:Bool signer_index:uint8 (when approving)
  builder init_body = begin_cell()
    .store_uint(op::order_init, 32)
    .store_uint(query_id, 64)
    .store_uint(threshold, 8)
    .store_ref(signers)
    .store_uint(expiration_date, 48)
    .store_ref(order)
    .store_uint(by_signer, 1);
  if (by_signer) {
    init_body = init_body.store_uint(index, 8);
  }
  cell init = order_init(my_address(), order_seqno, order_code);
  send_with_init(address_of(init), 0, init, init_body.end_cell(), mode::carry_inbound_value);
  save_multisig(next_seqno, threshold, signers, signers_num, proposers, arbitrary, order_code);
}

;; execute#75097f5d query_id:uint64 order_seqno:uint256 expiration_date:uint48 approvals_num:uint8
;;   signers_hash:bits256 order:^Order, from the order contract itself.
() on_execute(slice body, slice sender) impure inline {
  (int next_seqno, int threshold, cell signers, int signers_num, cell proposers, int arbitrary, cell order_code) = load_multisig();
  body~skip_bits(64);
  int order_seqno = body~load_uint(256);
  int expiration_date = body~load_uint(48);
  int approvals_num = body~load_uint(8);
  int signers_hash = body~load_uint(256);
  cell order = body~load_ref();
  throw_unless(error::unauthorized_execute, equal_slices(address_of(order_init(my_address(), order_seqno, order_code)), sender));
  throw_unless(error::order_expired, expiration_date >= now());
  throw_unless(error::signers_outdated, (signers_hash == cell_hash(signers)) & (approvals_num >= threshold));
  ;; _ (Hashmap 8 ^MultisigSendMessageAction) = MultisigOrder: actions in key order
  int index = -1;
  int more = -1;
  while (more) {
    (index, slice value, more) = udict_get_next?(order, 8, index);
    if (more) {
      slice action = value~load_ref().begin_parse();
      int tag = action~load_uint(32);
      if (tag == action::send_message) {
        ;; send_message#f1381e5b mode:uint8 message:^MessageRelaxed
        int mode = action~load_uint(8);
        send_raw_message(action~load_ref(), mode);
      } elseif (tag == action::update_multisig_params) {
        ;; update_multisig_params#1d0cfbd3 threshold:uint8 signers:^(Hashmap 8 MsgAddressInt)
        ;;   proposers:(HashmapE 8 MsgAddressInt)
        threshold = action~load_uint(8);
        signers = action~load_ref();
        proposers = action~load_dict();
        int count = 0;
        int key = -1;
        int found = -1;
        while (found) {
          (key, _, found) = udict_get_next?(signers, 8, key);
          count += found ? 1 : 0;
        }
        signers_num = count;
        throw_unless(error::invalid_new_order, (threshold > 0) & (threshold <= signers_num));
      } else {
        throw(error::unknown_op);
      }
    }
  }
  save_multisig(next_seqno, threshold, signers, signers_num, proposers, arbitrary, order_code);
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if ((flags & 1) | (slice_bits(body) < 32)) {
    return ();  ;; bounces and deposits
  }
  int op = body~load_uint(32);
  if (op == op::new_order) {
    on_new_order(body, sender);
    return ();
  }
  if (op == op::execute) {
    on_execute(body, sender);
    return ();
  }
  ;; anything else is a deposit with a comment or a notification: accepted as is
}

;; (int next_order_seqno, int threshold, cell signers, cell proposers)
(int, int, cell, cell) get_multisig_data() method_id {
  (int next_seqno, int threshold, cell signers, _, cell proposers, _, _) = load_multisig();
  return (next_seqno, threshold, signers, proposers);
}

slice get_order_address(int order_seqno) method_id {
  (_, _, _, _, _, _, cell order_code) = load_multisig();
  return address_of(order_init(my_address(), order_seqno, order_code));
}
`;

export const MULTISIG_ORDER_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";
#include "multisig-common.fc";

;; Data once initialised: multisig_address order_seqno:uint256 threshold:uint8 sent_for_execution:Bool
;;   signers:^(Hashmap 8 MsgAddressInt) approvals_mask:uint256 approvals_num:uint8 expiration_date:uint48
;;   order:^Order
global slice multisig;
global int order_seqno;
global int threshold;
global int executed?;
global cell signers;
global int approvals_mask;
global int approvals_num;
global int expiration_date;
global cell order;

int load_order() impure inline {
  slice ds = get_data().begin_parse();
  multisig = ds~load_msg_addr();
  order_seqno = ds~load_uint(256);
  if (slice_bits(ds) == 0) {
    return 0;
  }
  threshold = ds~load_uint(8);
  executed? = ds~load_int(1);
  signers = ds~load_ref();
  approvals_mask = ds~load_uint(256);
  approvals_num = ds~load_uint(8);
  expiration_date = ds~load_uint(48);
  order = ds~load_ref();
  return -1;
}

() save_order() impure inline {
  set_data(begin_cell()
    .store_slice(multisig)
    .store_uint(order_seqno, 256)
    .store_uint(threshold, 8)
    .store_int(executed?, 1)
    .store_ref(signers)
    .store_uint(approvals_mask, 256)
    .store_uint(approvals_num, 8)
    .store_uint(expiration_date, 48)
    .store_ref(order)
    .end_cell());
}

;; Records the approval of signer index; when the threshold is reached, the whole balance goes with
;; execute#75097f5d to the multisig.
() approve(int index, int query_id) impure inline {
  throw_if(error::already_approved, (approvals_mask >> index) & 1);
  approvals_mask |= 1 << index;
  approvals_num += 1;
  if (approvals_num >= threshold) {
    cell execute = begin_cell()
      .store_uint(op::execute, 32)
      .store_uint(query_id, 64)
      .store_uint(order_seqno, 256)
      .store_uint(expiration_date, 48)
      .store_uint(approvals_num, 8)
      .store_uint(cell_hash(signers), 256)
      .store_ref(order)
      .end_cell();
    executed? = -1;
    send_with_body(msg::bounceable, multisig, 0, execute, 128);
  }
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if ((flags & 1) | (slice_bits(body) < 32)) {
    return ();
  }
  int op = body~load_uint(32);
  int query_id = body~load_uint(64);
  int inited = load_order();
  if (op == op::order_init) {
    throw_unless(error::unauthorized_init, equal_slices(sender, multisig));
    throw_if(error::already_inited, inited);
    threshold = body~load_uint(8);
    signers = body~load_ref();
    expiration_date = body~load_uint(48);
    order = body~load_ref();
    executed? = 0;
    approvals_mask = 0;
    approvals_num = 0;
    if (body~load_int(1)) {
      approve(body~load_uint(8), query_id);
    }
    save_order();
    return ();
  }
  if (op == op::approve) {
    ;; approve#a762230f query_id:uint64 signer_index:uint8
    throw_unless(error::unauthorized_init, inited);
    int index = body~load_uint(8);
    (slice signer, int found) = udict_get?(signers, 8, index);
    throw_unless(error::unauthorized_sign, found & equal_slices(found ? signer : sender, sender));
    throw_if(error::already_executed, executed?);
    throw_unless(error::order_expired, expiration_date >= now());
    ;; approve_accepted#82609bf6 query_id:uint64, with what is left of the inbound value
    approve(index, query_id);
    if (~ executed?) {
      send_op(msg::non_bounceable, sender, 0, op::approve_accepted, query_id, mode::carry_inbound_value + mode::ignore_errors);
    }
    save_order();
    return ();
  }
  throw(error::unknown_op);
}

;; (multisig_address, order_seqno, threshold, sent_for_execution?, signers, approvals_mask, approvals_num,
;;  expiration_date, order)
(slice, int, int, int, cell, int, int, int, cell) get_order_data() method_id {
  if (load_order()) {
    return (multisig, order_seqno, threshold, executed?, signers, approvals_mask, approvals_num, expiration_date, order);
  }
  return (multisig, order_seqno, null(), null(), null(), null(), null(), null(), null());
}
`;
