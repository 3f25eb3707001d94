import {
  bits256,
  bool,
  cell,
  dict,
  uint,
  uint256,
  uint32,
  uint64,
  uint8,
  when,
} from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

const uint48 = uint(48);

/** Multisig v2 (ton-blockchain/multisig-contract-v2): multisig ↔ order ↔ signers. */
export const MULTISIG = {
  // new_order#f718510f query_id:uint64 order_seqno:uint256 signer:(## 1) index:uint8
  //   expiration_date:uint48 order:^Order = InternalMsgBody; (proposer → multisig)
  new_order: tlb('multisig_new_order', 0xf718510f, {
    query_id: uint64,
    order_seqno: uint256,
    signer: bool,
    index: uint8,
    expiration_date: uint48,
    order: cell,
  }),
  // init#9c73fba2 query_id:uint64 threshold:uint8 signers:(HashmapE 8 MsgAddressInt)
  //   expiration_date:uint48 order:^Order approve_on_init:Bool
  //   signer_index:approve_on_init?uint8 = InternalMsgBody; (multisig → order)
  order_init: tlb('multisig_order_init', 0x9c73fba2, {
    query_id: uint64,
    threshold: uint8,
    signers: dict,
    expiration_date: uint48,
    order: cell,
    approve_on_init: bool,
    signer_index: when('approve_on_init', uint8),
  }),
  // approve#a762230f query_id:uint64 signer_index:uint8 = InternalMsgBody; (signer → order)
  approve: tlb('multisig_approve', 0xa762230f, { query_id: uint64, signer_index: uint8 }),
  // approve_accepted#82609bf6 query_id:uint64 = InternalMsgBody; (order → signer)
  approve_accepted: tlb('multisig_approve_accepted', 0x82609bf6, { query_id: uint64 }),
  // approve_rejected#afaf283e query_id:uint64 exit_code:uint32 = InternalMsgBody; (order → signer)
  approve_rejected: tlb('multisig_approve_rejected', 0xafaf283e, {
    query_id: uint64,
    exit_code: uint32,
  }),
  // execute#75097f5d query_id:uint64 order_seqno:uint256 expiration_date:uint48 approvals_num:uint8
  //   signers_hash:bits256 order:^Order = InternalMsgBody; (order → multisig)
  execute: tlb('multisig_execute', 0x75097f5d, {
    query_id: uint64,
    order_seqno: uint256,
    expiration_date: uint48,
    approvals_num: uint8,
    signers_hash: bits256,
    order: cell,
  }),
  // execute_internal#a32c59bf query_id:uint64 order:^Order = InternalMsgBody; (multisig → itself)
  execute_internal: tlb('multisig_execute_internal', 0xa32c59bf, { query_id: uint64, order: cell }),
};

export const MULTISIG_SCHEMAS: readonly TlbConstructor[] = Object.values(MULTISIG);
