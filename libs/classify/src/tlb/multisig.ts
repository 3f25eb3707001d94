/** Multisig v2 (ton-blockchain/multisig-contract-v2) messages, as toncenter reads them. */
import type { Cell, Slice } from '@ton/core';
import { loadMaybeRef } from './cells';

export const MultisigOp = {
  newOrder: 0xf718510f,
  initOrder: 0x9c73fba2,
  approve: 0xa762230f,
  approveAccepted: 0x82609bf6,
  approveRejected: 0xafaf283e,
  execute: 0x75097f5d,
} as const;

/** A signer may also approve with the text comment "approve". */
export const MULTISIG_APPROVE_COMMENT = 'approve';

export interface MultisigNewOrderBody {
  query_id: bigint;
  order_seqno: bigint;
  is_signer: boolean;
  signer_index: number;
  expiration_date: number;
  order: Cell;
}

/**
 * new_order#f718510f query_id:uint64 order_seqno:uint256 signer:(## 1) index:uint8
 *   expiration_date:uint48 order:^Order (creator → multisig)
 */
export function parseMultisigNewOrder(s: Slice): MultisigNewOrderBody {
  s.skip(32);
  return {
    query_id: s.loadUintBig(64),
    order_seqno: s.loadUintBig(256),
    is_signer: s.loadBit(),
    signer_index: s.loadUint(8),
    expiration_date: s.loadUint(48),
    order: s.loadRef(),
  };
}

export interface MultisigInitOrderBody {
  query_id: bigint;
  threshold: number;
  expiration_date: number;
  order: Cell;
  approve_on_init: boolean;
  signer_index: number;
}

/**
 * init#9c73fba2 query_id:uint64 threshold:uint8 signers:(HashmapE 8 MsgAddressInt) expiration_date:uint48
 *   order:^Order approve_on_init:(## 1) signer_index:approve_on_init?uint8 (multisig → order)
 */
export function parseMultisigInitOrder(s: Slice): MultisigInitOrderBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const threshold = s.loadUint(8);
  loadMaybeRef(s); // signers
  const expiration_date = s.loadUint(48);
  const order = s.loadRef();
  const approve_on_init = s.loadBit();
  const signer_index = approve_on_init ? s.loadUint(8) : -1;
  return { query_id, threshold, expiration_date, order, approve_on_init, signer_index };
}

/** approve#a762230f query_id:uint64 signer_index:uint8 (signer → order) */
export function parseMultisigApprove(s: Slice): { query_id: bigint; signer_index: number } {
  s.skip(32);
  return { query_id: s.loadUintBig(64), signer_index: s.loadUint(8) };
}

/** approve_rejected#afaf283e query_id:uint64 exit_code:uint32 (order → signer) */
export function parseMultisigApproveRejected(s: Slice): { query_id: bigint; exit_code: number } {
  s.skip(32);
  return { query_id: s.loadUintBig(64), exit_code: s.loadUint(32) };
}

export interface MultisigExecuteBody {
  query_id: bigint;
  order_seqno: bigint;
  expiration_date: number;
  approvals_num: number;
  signers_hash: Buffer;
  order: Cell;
}

/**
 * execute#75097f5d query_id:uint64 order_seqno:uint256 expiration_date:uint48 approvals_num:uint8
 *   signers_hash:bits256 order:^Order (order → multisig)
 */
export function parseMultisigExecute(s: Slice): MultisigExecuteBody {
  s.skip(32);
  return {
    query_id: s.loadUintBig(64),
    order_seqno: s.loadUintBig(256),
    expiration_date: s.loadUint(48),
    approvals_num: s.loadUint(8),
    signers_hash: s.loadBuffer(32),
    order: s.loadRef(),
  };
}
