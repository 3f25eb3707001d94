/**
 * Opcodes, error codes and message helpers shared by the local contracts. Opcodes are the ones fixed by
 * TEP-74 (Jettons), TEP-89 (wallet discovery), TEP-62 (NFT) and TEP-81 (DNS); layouts are the TL-B of
 * block.tlb (`int_msg_info$0`, `addr_std$10`, `StateInit`).
 */
export const COMMON_FC = String.raw`
;; TEP-74
const int op::transfer = 0x0f8a7ea5;
const int op::transfer_notification = 0x7362d09c;
const int op::internal_transfer = 0x178d4519;
const int op::excesses = 0xd53276db;
const int op::burn = 0x595f07bc;
const int op::burn_notification = 0x7bdd97de;
;; Minting is not standardised; this layout (mint#642b7d07) is the one common minters accept.
const int op::mint = 0x642b7d07;
;; TEP-89
const int op::provide_wallet_address = 0x2c76b973;
const int op::take_wallet_address = 0xd1735400;
;; TEP-62
const int op::nft_transfer = 0x5fcc3d14;
const int op::ownership_assigned = 0x05138d91;
const int op::get_static_data = 0x2fcb26a2;
const int op::report_static_data = 0x8b771735;
;; Collection owner operations (not standardised; the numbering common collections use)
const int op::deploy_nft = 1;
const int op::change_collection_owner = 3;
;; TEP-81 (DNS item record change)
const int op::change_dns_record = 0x4eb1f0f9;

const int error::not_owner = 401;
const int error::not_enough_ton = 402;
const int error::not_admin = 73;
const int error::not_from_wallet = 74;
const int error::not_from_minter_or_wallet = 707;
const int error::balance_too_low = 706;
const int error::not_wallet_owner = 705;
const int error::not_enough_gas = 709;
const int error::bad_address = 708;
const int error::bad_index = 403;
const int error::bad_subdomain = 70;
const int error::unknown_op = 0xffff;

;; Send modes (block.tlb action_send_msg#0ec3c86d mode:(## 8))
const int mode::ordinary = 0;
const int mode::pay_fees_separately = 1;
const int mode::ignore_errors = 2;
const int mode::carry_inbound_value = 64;

;; int_msg_info$0 ihr_disabled:Bool bounce:Bool bounced:Bool src:MsgAddressExt(addr_none) as 6 bits:
;; 0 1 1 0 00 (bounceable) and 0 1 0 0 00 (non-bounceable).
const int msg::bounceable = 0x18;
const int msg::non_bounceable = 0x10;

;; The fields after value (extra currencies, ihr_fee, fwd_fee, created_lt, created_at) the validator
;; rewrites, then Maybe StateInit and Either body: 1 + 4 + 4 + 64 + 32 bits, + 1 + 1.
const int msg::header_tail_bits = 107;

;; addr_std$10 anycast:(Maybe Anycast)=0 workchain_id:int8 address:bits256
slice std_address(int workchain, int hash) inline {
  return begin_cell().store_uint(4, 3).store_int(workchain, 8).store_uint(hash, 256).end_cell().begin_parse();
}

;; StateInit with only code and data: split_depth, special absent; library empty.
cell state_init(cell code, cell data) inline {
  return begin_cell().store_uint(0, 2).store_dict(code).store_dict(data).store_uint(0, 1).end_cell();
}

slice address_of(cell init) inline {
  return std_address(0, cell_hash(init));
}

int is_std_address?(slice addr) inline {
  return addr.preload_uint(2) == 2;
}

() force_basechain(slice addr) impure inline {
  (int wc, _) = parse_std_addr(addr);
  throw_unless(error::bad_address, wc == 0);
}

;; An internal message whose body is stored by reference.
() send_with_body(int flags, slice to, int value, cell body, int mode) impure inline {
  cell msg = begin_cell()
    .store_uint(flags, 6)
    .store_slice(to)
    .store_coins(value)
    .store_uint(1, msg::header_tail_bits)
    .store_ref(body)
    .end_cell();
  send_raw_message(msg, mode);
}

;; An internal message carrying a StateInit (deploys the destination) and a body, both by reference.
() send_with_init(slice to, int value, cell init, cell body, int mode) impure inline {
  cell msg = begin_cell()
    .store_uint(msg::bounceable, 6)
    .store_slice(to)
    .store_coins(value)
    .store_uint(7, msg::header_tail_bits + 1)
    .store_ref(init)
    .store_ref(body)
    .end_cell();
  send_raw_message(msg, mode);
}

;; An internal message with an inline body of just op + query_id (excesses and similar).
() send_op(int flags, slice to, int value, int op, int query_id, int mode) impure inline {
  cell msg = begin_cell()
    .store_uint(flags, 6)
    .store_slice(to)
    .store_coins(value)
    .store_uint(0, msg::header_tail_bits)
    .store_uint(op, 32)
    .store_uint(query_id, 64)
    .end_cell();
  send_raw_message(msg, mode);
}

;; Reads the forwarding fee the validator charged for the inbound message (int_msg_info fields
;; src, dest, value:CurrencyCollection, ihr_fee, fwd_fee), to price the messages this one causes.
(int, slice, int) parse_inbound(cell in_msg_full) inline {
  slice cs = in_msg_full.begin_parse();
  int flags = cs~load_uint(4);
  slice sender = cs~load_msg_addr();
  cs~load_msg_addr();
  cs~load_coins();
  cs~load_dict();
  cs~load_coins();
  int fwd_fee = cs~load_coins();
  return (flags, sender, fwd_fee);
}
`;
