import { type Builder, type Cell, type Slice, beginCell } from '@ton/core';

import { type AugSpec, AugTrie } from './aug-trie';
import { storeGrams } from './block-refs';
import { type MsgEnvelope, carriedValueOf, loadMsgEnvelope, msgEnvelopeCell } from './msg-envelope';

/*
 * msg_import_ext$000 msg:^(Message Any) transaction:^Transaction = InMsg;
 * msg_import_ihr$010 msg:^(Message Any) transaction:^Transaction ihr_fee:Grams
 *   proof_created:^Cell = InMsg;
 * msg_import_imm$011 in_msg:^MsgEnvelope transaction:^Transaction fwd_fee:Grams = InMsg;
 * msg_import_fin$100 in_msg:^MsgEnvelope transaction:^Transaction fwd_fee:Grams = InMsg;
 * msg_import_tr$101 in_msg:^MsgEnvelope out_msg:^MsgEnvelope transit_fee:Grams = InMsg;
 * msg_discard_fin$110 in_msg:^MsgEnvelope transaction_id:uint64 fwd_fee:Grams = InMsg;
 * msg_discard_tr$111 in_msg:^MsgEnvelope transaction_id:uint64 fwd_fee:Grams
 *   proof_delivered:^Cell = InMsg;
 * msg_import_deferred_fin$00100 in_msg:^MsgEnvelope transaction:^Transaction fwd_fee:Grams = InMsg;
 * msg_import_deferred_tr$00101 in_msg:^MsgEnvelope out_msg:^MsgEnvelope = InMsg;
 * import_fees$_ fees_collected:Grams value_imported:CurrencyCollection = ImportFees;
 * (crypto/block/block.tlb of github.com/ton-blockchain/ton)
 *
 * Modelled: ext, imm and fin, the forms a single-shard chain produces. ImportFees per entry, as the
 * C++ collator computes them (checked against mainnet blocks in tlb-builders.spec.ts):
 * ext: (import_fee, 0); imm: (fwd_fee, 0); fin: (fwd_fee, value + fwd_fee_remaining + ihr_fee).
 */
const IMPORT_EXT = 0b000;
const IMPORT_IMM = 0b011;
const IMPORT_FIN = 0b100;
/** The 3-bit prefix of msg_import_deferred_fin$00100 and msg_import_deferred_tr$00101. */
const IMPORT_DEFERRED = 0b001;

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
      b.storeUint(IMPORT_EXT, 3).storeRef(m.message).storeRef(m.transaction);
      return;
    case 'imm':
    case 'fin':
      b.storeUint(m.kind === 'imm' ? IMPORT_IMM : IMPORT_FIN, 3);
      b.storeRef(msgEnvelopeCell(m.envelope)).storeRef(m.transaction).storeCoins(m.fwdFee);
      return;
  }
}

export function inMsgCell(m: InMsg): Cell {
  const b = beginCell();
  storeInMsg(m, b);
  return b.endCell();
}

/**
 * Reads an InMsg. Returns undefined, and leaves the slice where it was, for the constructors this
 * library does not model (ihr, tr, discard_fin, discard_tr, deferred_fin, deferred_tr); throws on a
 * tag that is no InMsg.
 */
export function loadInMsg(s: Slice): InMsg | undefined {
  const tag = s.preloadUint(3);
  switch (tag) {
    case IMPORT_EXT: {
      s.skip(3);
      const message = s.loadRef();
      return { kind: 'ext', message, transaction: s.loadRef(), importFee: importFeeOf(message) };
    }
    case IMPORT_IMM:
    case IMPORT_FIN: {
      s.skip(3);
      const envelope = loadMsgEnvelope(s.loadRef());
      const transaction = s.loadRef();
      const fwdFee = s.loadCoins();
      const kind = tag === IMPORT_IMM ? 'imm' : 'fin';
      return { kind, envelope, transaction, fwdFee, value: carriedValueOf(envelope) };
    }
    case IMPORT_DEFERRED: {
      const deferred = s.preloadUint(5) & 0b11;
      if (deferred > 0b01) {
        throw new Error(`InMsg: bad tag 001${deferred.toString(2).padStart(2, '0')}`);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * import_fee of an inbound external message
 * (ext_in_msg_info$10 src:MsgAddressExt dest:MsgAddressInt import_fee:Grams).
 */
function importFeeOf(message: Cell): bigint {
  const s = message.beginParse();
  if (s.loadUint(2) !== 0b10) {
    throw new Error('msg_import_ext: the message is not an inbound external one');
  }
  s.loadMaybeExternalAddress();
  s.loadAddress();
  return s.loadCoins();
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

export function buildInMsgDescr(entries: Iterable<[bigint, InMsg]>): AugTrie<InMsg, ImportFees> {
  return AugTrie.from(256, inMsgDescrSpec, entries);
}
