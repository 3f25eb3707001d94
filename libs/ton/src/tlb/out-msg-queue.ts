import { type Cell, beginCell } from '@ton/core';

import { type AugSpec, AugTrie } from './aug-trie';
import { type MsgEnvelope, msgEnvelopeCell } from './msg-envelope';

/*
 * _ enqueued_lt:uint64 out_msg:^MsgEnvelope = EnqueuedMsg;
 * _ (HashmapAugE 352 EnqueuedMsg uint64) = OutMsgQueue;   // key: next_workchain:int32 next_addr_pfx:uint64 msg_hash:bits256
 * _ (HashmapE 96 ProcessedUpto) = ProcessedInfo;  _ (HashmapE 320 IhrPendingSince) = IhrPendingInfo;
 * _ out_queue:OutMsgQueue proc_info:ProcessedInfo ihr_pending:IhrPendingInfo = OutMsgQueueInfo;
 * The uint64 extra of the queue is the minimal enqueued_lt below a node.
 */
export interface EnqueuedMsg {
  readonly enqueuedLt: bigint;
  readonly envelope: MsgEnvelope;
}

export const outMsgQueueSpec: AugSpec<EnqueuedMsg, bigint> = {
  storeValue: (v, b) => {
    b.storeUint(v.enqueuedLt, 64).storeRef(msgEnvelopeCell(v.envelope));
  },
  leafExtra: (v) => v.enqueuedLt,
  combine: (l, r) => (l < r ? l : r),
  storeExtra: (e, b) => {
    b.storeUint(e, 64);
  },
  empty: 0n,
};

export type OutMsgQueueTrie = AugTrie<EnqueuedMsg, bigint>;

export function emptyOutMsgQueue(): OutMsgQueueTrie {
  return AugTrie.empty(352, outMsgQueueSpec);
}

/** The 352-bit out-queue key of a message. */
export function outQueueKey(workchain: number, addrPfx: bigint, msgHash: Buffer): bigint {
  const wc = BigInt.asUintN(32, BigInt(workchain));
  return (wc << 320n) | (addrPfx << 256n) | BigInt('0x' + msgHash.toString('hex'));
}

export function outMsgQueueInfoCell(queue: OutMsgQueueTrie): Cell {
  const b = beginCell();
  queue.storeE(b);
  // proc_info and ihr_pending: empty HashmapE.
  return b.storeBit(0).storeBit(0).endCell();
}
