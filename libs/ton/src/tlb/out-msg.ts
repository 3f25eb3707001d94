import { type Builder, type Cell, type Slice } from '@ton/core';

import { type AugSpec, AugTrie } from './aug-trie';
import { storeGrams } from './block-refs';
import { type InMsg, inMsgCell, loadInMsg } from './in-msg';
import { type MsgEnvelope, carriedValueOf, loadMsgEnvelope, msgEnvelopeCell } from './msg-envelope';

/*
 * msg_export_ext$000 msg:^(Message Any) transaction:^Transaction = OutMsg;
 * msg_export_imm$010 out_msg:^MsgEnvelope transaction:^Transaction reimport:^InMsg = OutMsg;
 * msg_export_new$001 out_msg:^MsgEnvelope transaction:^Transaction = OutMsg;
 * msg_export_tr$011 out_msg:^MsgEnvelope imported:^InMsg = OutMsg;
 * msg_export_deq$1100 out_msg:^MsgEnvelope import_block_lt:uint63 = OutMsg;
 * msg_export_deq_short$1101 msg_env_hash:bits256 next_workchain:int32 next_addr_pfx:uint64
 *   import_block_lt:uint64 = OutMsg;
 * msg_export_tr_req$111 out_msg:^MsgEnvelope imported:^InMsg = OutMsg;
 * msg_export_deq_imm$100 out_msg:^MsgEnvelope reimport:^InMsg = OutMsg;
 * msg_export_new_defer$10100 out_msg:^MsgEnvelope transaction:^Transaction = OutMsg;
 * msg_export_deferred_tr$10101 out_msg:^MsgEnvelope imported:^InMsg = OutMsg;
 * (crypto/block/block.tlb of github.com/ton-blockchain/ton)
 *
 * Modelled: ext, new, imm, deq_imm and deq_short, the forms a single-shard chain produces. The
 * CurrencyCollection extra is the value leaving the block through the message: value + ihr_fee +
 * fwd_fee_remaining for msg_export_new, zero for the other modelled forms (checked against mainnet
 * blocks in tlb-builders.spec.ts).
 */
const EXPORT_EXT = 0b000;
const EXPORT_NEW = 0b001;
const EXPORT_IMM = 0b010;
const EXPORT_DEQ_IMM = 0b100;
/** The 3-bit prefix of msg_export_new_defer$10100 and msg_export_deferred_tr$10101. */
const EXPORT_DEFERRED = 0b101;
/** The 3-bit prefix of msg_export_deq$1100 and msg_export_deq_short$1101. */
const EXPORT_DEQ = 0b110;
const EXPORT_DEQ_SHORT = 0b1101;

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
      b.storeUint(EXPORT_EXT, 3).storeRef(m.message).storeRef(m.transaction);
      return;
    case 'new':
      b.storeUint(EXPORT_NEW, 3).storeRef(msgEnvelopeCell(m.envelope)).storeRef(m.transaction);
      return;
    case 'imm':
      b.storeUint(EXPORT_IMM, 3).storeRef(msgEnvelopeCell(m.envelope)).storeRef(m.transaction);
      b.storeRef(inMsgCell(m.reimport));
      return;
    case 'deqImm':
      b.storeUint(EXPORT_DEQ_IMM, 3).storeRef(msgEnvelopeCell(m.envelope));
      b.storeRef(inMsgCell(m.reimport));
      return;
    case 'deqShort':
      b.storeUint(EXPORT_DEQ_SHORT, 4).storeBuffer(m.envelopeHash, 32);
      b.storeInt(m.nextWorkchain, 32).storeUint(m.nextAddrPfx, 64).storeUint(m.importBlockLt, 64);
      return;
  }
}

/**
 * Reads an OutMsg. Returns undefined, and leaves the slice where it was, for the constructors this
 * library does not model (tr, deq, tr_req, new_defer, deferred_tr); throws on a tag that is no
 * OutMsg, and on a reimport that is no modelled InMsg.
 */
export function loadOutMsg(s: Slice): OutMsg | undefined {
  const tag = s.preloadUint(3);
  switch (tag) {
    case EXPORT_EXT:
      s.skip(3);
      return { kind: 'ext', message: s.loadRef(), transaction: s.loadRef() };
    case EXPORT_NEW: {
      s.skip(3);
      const envelope = loadMsgEnvelope(s.loadRef());
      return { kind: 'new', envelope, transaction: s.loadRef(), value: carriedValueOf(envelope) };
    }
    case EXPORT_IMM: {
      s.skip(3);
      const envelope = loadMsgEnvelope(s.loadRef());
      const transaction = s.loadRef();
      return { kind: 'imm', envelope, transaction, reimport: loadReimport(s.loadRef()) };
    }
    case EXPORT_DEQ_IMM: {
      s.skip(3);
      const envelope = loadMsgEnvelope(s.loadRef());
      return { kind: 'deqImm', envelope, reimport: loadReimport(s.loadRef()) };
    }
    case EXPORT_DEQ:
      if (s.preloadUint(4) !== EXPORT_DEQ_SHORT) {
        return undefined;
      }
      s.skip(4);
      return {
        kind: 'deqShort',
        envelopeHash: s.loadBuffer(32),
        nextWorkchain: s.loadInt(32),
        nextAddrPfx: s.loadUintBig(64),
        importBlockLt: s.loadUintBig(64),
      };
    case EXPORT_DEFERRED: {
      const deferred = s.preloadUint(5) & 0b11;
      if (deferred > 0b01) {
        throw new Error(`OutMsg: bad tag 101${deferred.toString(2).padStart(2, '0')}`);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function loadReimport(cell: Cell): InMsg {
  const reimport = loadInMsg(cell.beginParse());
  if (!reimport) {
    throw new Error('OutMsg: the reimport is an InMsg form this library does not model');
  }
  return reimport;
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

export function buildOutMsgDescr(entries: Iterable<[bigint, OutMsg]>): AugTrie<OutMsg, bigint> {
  return AugTrie.from(256, outMsgDescrSpec, entries);
}
