import {
  type Address,
  type Builder,
  type Cell,
  type Slice,
  beginCell,
  loadCurrencyCollection,
} from '@ton/core';

/*
 * interm_addr_regular$0 use_dest_bits:(#<= 96) = IntermediateAddress;
 * msg_metadata#0 depth:uint32 initiator_addr:MsgAddressInt initiator_lt:uint64 = MsgMetadata;
 * msg_envelope#4 cur_addr:IntermediateAddress next_addr:IntermediateAddress fwd_fee_remaining:Grams
 *   msg:^(Message Any) = MsgEnvelope;
 * msg_envelope_v2#5 cur_addr:IntermediateAddress next_addr:IntermediateAddress
 *   fwd_fee_remaining:Grams msg:^(Message Any) emitted_lt:(Maybe uint64)
 *   metadata:(Maybe MsgMetadata) = MsgEnvelope;
 * (crypto/block/block.tlb of github.com/ton-blockchain/ton)
 *
 * Only interm_addr_regular is modelled: the validator routes every message by use_dest_bits
 * (interm_addr_simple$10 and interm_addr_ext$11 never occur in blocks).
 */
const MSG_ENVELOPE = 0x4;
const MSG_ENVELOPE_V2 = 0x5;
const MSG_METADATA = 0x0;

export interface MsgMetadata {
  readonly depth: number;
  readonly initiator: Address;
  readonly initiatorLt: bigint;
}

export interface MsgEnvelope {
  /** use_dest_bits of cur_addr / next_addr (0 = at the source, 96 = at the destination). */
  readonly curBits: number;
  readonly nextBits: number;
  readonly fwdFeeRemaining: bigint;
  readonly message: Cell;
  /** The msg_envelope_v2 fields; with neither set the envelope is stored as msg_envelope#4. */
  readonly emittedLt?: bigint;
  readonly metadata?: MsgMetadata;
}

export function storeMsgEnvelope(e: MsgEnvelope, b: Builder): void {
  const v2 = e.emittedLt !== undefined || e.metadata !== undefined;
  b.storeUint(v2 ? MSG_ENVELOPE_V2 : MSG_ENVELOPE, 4);
  b.storeBit(0).storeUint(e.curBits, 7).storeBit(0).storeUint(e.nextBits, 7);
  b.storeCoins(e.fwdFeeRemaining).storeRef(e.message);
  if (!v2) {
    return;
  }
  b.storeBit(e.emittedLt !== undefined);
  if (e.emittedLt !== undefined) {
    b.storeUint(e.emittedLt, 64);
  }
  b.storeBit(e.metadata !== undefined);
  if (e.metadata) {
    b.storeUint(MSG_METADATA, 4).storeUint(e.metadata.depth, 32);
    b.storeAddress(e.metadata.initiator).storeUint(e.metadata.initiatorLt, 64);
  }
}

export function msgEnvelopeCell(e: MsgEnvelope): Cell {
  const b = beginCell();
  storeMsgEnvelope(e, b);
  return b.endCell();
}

export function loadMsgEnvelope(cell: Cell): MsgEnvelope {
  const s = cell.beginParse();
  const tag = s.loadUint(4);
  if (tag !== MSG_ENVELOPE && tag !== MSG_ENVELOPE_V2) {
    throw new Error(`MsgEnvelope: bad tag ${tag}`);
  }
  const curBits = loadRegularIntermediateAddress(s);
  const nextBits = loadRegularIntermediateAddress(s);
  const base = { curBits, nextBits, fwdFeeRemaining: s.loadCoins(), message: s.loadRef() };
  if (tag === MSG_ENVELOPE) {
    return base;
  }
  const emittedLt = s.loadBit() ? s.loadUintBig(64) : undefined;
  const metadata = s.loadBit() ? loadMsgMetadata(s) : undefined;
  return {
    ...base,
    ...(emittedLt === undefined ? {} : { emittedLt }),
    ...(metadata === undefined ? {} : { metadata }),
  };
}

function loadRegularIntermediateAddress(s: Slice): number {
  if (s.loadBit()) {
    throw new Error('MsgEnvelope: only interm_addr_regular is supported');
  }
  return s.loadUint(7);
}

function loadMsgMetadata(s: Slice): MsgMetadata {
  if (s.loadUint(4) !== MSG_METADATA) {
    throw new Error('MsgMetadata: bad tag');
  }
  return { depth: s.loadUint(32), initiator: s.loadAddress(), initiatorLt: s.loadUintBig(64) };
}

/**
 * value + ihr_fee of an internal message (int_msg_info$0 ihr_disabled:Bool bounce:Bool bounced:Bool
 * src:MsgAddressInt dest:MsgAddressInt value:CurrencyCollection ihr_fee:Grams ...): what the
 * ImportFees and OutMsgDescr extras count besides fwd_fee_remaining.
 */
export function carriedValueOf(e: MsgEnvelope): bigint {
  const s = e.message.beginParse();
  if (s.loadBit()) {
    throw new Error('MsgEnvelope: the message is not internal');
  }
  s.skip(3);
  s.loadAddress();
  s.loadAddress();
  const value = loadCurrencyCollection(s).coins;
  return value + s.loadCoins();
}
