import { type Builder, type Cell, beginCell } from '@ton/core';

import { type AugSpec, AugTrie } from './aug-trie';
import { storeGrams } from './block-refs';

/*
 * interm_addr_regular$0 use_dest_bits:(#<= 96) = IntermediateAddress;
 * msg_envelope#4 cur_addr:IntermediateAddress next_addr:IntermediateAddress fwd_fee_remaining:Grams
 *   msg:^(Message Any) = MsgEnvelope;
 */
export interface MsgEnvelope {
  /** use_dest_bits of cur_addr / next_addr (0 = at the source, 96 = at the destination). */
  readonly curBits: number;
  readonly nextBits: number;
  readonly fwdFeeRemaining: bigint;
  readonly message: Cell;
}

export function msgEnvelopeCell(e: MsgEnvelope): Cell {
  return beginCell()
    .storeUint(4, 4)
    .storeBit(0)
    .storeUint(e.curBits, 7)
    .storeBit(0)
    .storeUint(e.nextBits, 7)
    .storeCoins(e.fwdFeeRemaining)
    .storeRef(e.message)
    .endCell();
}

/*
 * msg_import_ext$000 msg:^(Message Any) transaction:^Transaction = InMsg;
 * msg_import_imm$011 in_msg:^MsgEnvelope transaction:^Transaction fwd_fee:Grams = InMsg;
 * msg_import_fin$100 in_msg:^MsgEnvelope transaction:^Transaction fwd_fee:Grams = InMsg;
 * import_fees$_ fees_collected:Grams value_imported:CurrencyCollection = ImportFees;
 *
 * ImportFees per entry, as the C++ collator computes them (checked against mainnet blocks in the spec):
 * ext: (import_fee, 0); imm: (fwd_fee, 0); fin: (fwd_fee, value + fwd_fee_remaining + ihr_fee).
 */
export type InMsg =
  | {
      readonly kind: 'ext';
      readonly message: Cell;
      readonly transaction: Cell;
      readonly importFee: bigint;
    }
  | {
      readonly kind: 'imm' | 'fin';
      readonly envelope: MsgEnvelope;
      readonly transaction: Cell;
      readonly fwdFee: bigint;
      /** value + ihr_fee carried by the message (for ImportFees.value_imported). */
      readonly value: bigint;
    };

export interface ImportFees {
  readonly feesCollected: bigint;
  readonly valueImported: bigint;
}

export function importFeesOf(m: InMsg): ImportFees {
  switch (m.kind) {
    case 'ext':
      return { feesCollected: m.importFee, valueImported: 0n };
    case 'imm':
      return { feesCollected: m.fwdFee, valueImported: 0n };
    case 'fin':
      return {
        feesCollected: m.fwdFee,
        valueImported: m.value + m.envelope.fwdFeeRemaining,
      };
  }
}

export function storeInMsg(m: InMsg, b: Builder): void {
  switch (m.kind) {
    case 'ext':
      b.storeUint(0b000, 3).storeRef(m.message).storeRef(m.transaction);
      return;
    case 'imm':
    case 'fin':
      b.storeUint(m.kind === 'imm' ? 0b011 : 0b100, 3);
      b.storeRef(msgEnvelopeCell(m.envelope)).storeRef(m.transaction).storeCoins(m.fwdFee);
      return;
  }
}

export function inMsgCell(m: InMsg): Cell {
  const b = beginCell();
  storeInMsg(m, b);
  return b.endCell();
}

/** _ (HashmapAugE 256 InMsg ImportFees) = InMsgDescr; keyed by the message hash. */
export const inMsgDescrSpec: AugSpec<InMsg, ImportFees> = {
  storeValue: storeInMsg,
  leafExtra: importFeesOf,
  combine: (l, r) => ({
    feesCollected: l.feesCollected + r.feesCollected,
    valueImported: l.valueImported + r.valueImported,
  }),
  storeExtra: (e, b) => {
    b.storeCoins(e.feesCollected).store(storeGrams(e.valueImported));
  },
  empty: { feesCollected: 0n, valueImported: 0n },
};

/*
 * msg_export_ext$000 msg:^(Message Any) transaction:^Transaction = OutMsg;
 * msg_export_imm$010 out_msg:^MsgEnvelope transaction:^Transaction reimport:^InMsg = OutMsg;
 * msg_export_new$001 out_msg:^MsgEnvelope transaction:^Transaction = OutMsg;
 * msg_export_deq_short$1101 msg_env_hash:bits256 next_workchain:int32 next_addr_pfx:uint64
 *   import_block_lt:uint64 = OutMsg;
 * msg_export_deq_imm$100 out_msg:^MsgEnvelope reimport:^InMsg = OutMsg;
 *
 * The CurrencyCollection extra is the value leaving the block through the message: value + ihr_fee +
 * fwd_fee_remaining for msg_export_new, zero for the other forms (checked against mainnet blocks).
 */
export type OutMsg =
  | { readonly kind: 'ext'; readonly message: Cell; readonly transaction: Cell }
  | {
      readonly kind: 'new';
      readonly envelope: MsgEnvelope;
      readonly transaction: Cell;
      /** value + ihr_fee carried by the message. */
      readonly value: bigint;
    }
  | {
      readonly kind: 'imm';
      readonly envelope: MsgEnvelope;
      readonly transaction: Cell;
      readonly reimport: InMsg;
    }
  | { readonly kind: 'deqImm'; readonly envelope: MsgEnvelope; readonly reimport: InMsg }
  | {
      readonly kind: 'deqShort';
      readonly envelopeHash: Buffer;
      readonly nextWorkchain: number;
      readonly nextAddrPfx: bigint;
      readonly importBlockLt: bigint;
    };

export function exportedValueOf(m: OutMsg): bigint {
  return m.kind === 'new' ? m.value + m.envelope.fwdFeeRemaining : 0n;
}

export function storeOutMsg(m: OutMsg, b: Builder): void {
  switch (m.kind) {
    case 'ext':
      b.storeUint(0b000, 3).storeRef(m.message).storeRef(m.transaction);
      return;
    case 'new':
      b.storeUint(0b001, 3).storeRef(msgEnvelopeCell(m.envelope)).storeRef(m.transaction);
      return;
    case 'imm':
      b.storeUint(0b010, 3).storeRef(msgEnvelopeCell(m.envelope)).storeRef(m.transaction);
      b.storeRef(inMsgCell(m.reimport));
      return;
    case 'deqImm':
      b.storeUint(0b100, 3).storeRef(msgEnvelopeCell(m.envelope)).storeRef(inMsgCell(m.reimport));
      return;
    case 'deqShort':
      b.storeUint(0b1101, 4).storeBuffer(m.envelopeHash, 32).storeInt(m.nextWorkchain, 32);
      b.storeUint(m.nextAddrPfx, 64).storeUint(m.importBlockLt, 64);
      return;
  }
}

/** _ (HashmapAugE 256 OutMsg CurrencyCollection) = OutMsgDescr; keyed by the message hash. */
export const outMsgDescrSpec: AugSpec<OutMsg, bigint> = {
  storeValue: storeOutMsg,
  leafExtra: exportedValueOf,
  combine: (l, r) => l + r,
  storeExtra: (e, b) => {
    b.store(storeGrams(e));
  },
  empty: 0n,
};

export function buildInMsgDescr(entries: Iterable<[bigint, InMsg]>): AugTrie<InMsg, ImportFees> {
  return AugTrie.from(256, inMsgDescrSpec, entries);
}

export function buildOutMsgDescr(entries: Iterable<[bigint, OutMsg]>): AugTrie<OutMsg, bigint> {
  return AugTrie.from(256, outMsgDescrSpec, entries);
}

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
