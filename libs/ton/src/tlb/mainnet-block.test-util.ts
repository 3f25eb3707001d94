/**
 * Readers of the mainnet block fixtures (`fixtures/mainnet/blocks`) for the TL-B builder specs: each
 * spec reads a real block's part with these, rebuilds it with the library and compares hashes.
 * Only specs import this module.
 */
import assert from 'node:assert/strict';
import {
  type Builder,
  Cell,
  type CurrencyCollection,
  loadCurrencyCollection,
  type Slice,
} from '@ton/core';
import { readFixture } from '@app/testing';
import { type InMsg, type MsgEnvelope, type OutMsg } from './msg-descr';

export const BLOCKS = ['block-1.bin', 'block-2.bin', 'block-5.bin', 'block-6.bin', 'block-7.bin'];

export function loadBlock(name: string): Cell {
  const [root] = Cell.fromBoc(readFixture('mainnet', 'blocks', name));
  assert.ok(root);
  return root;
}

export function ref(c: Cell, i: number): Cell {
  const r = c.refs[i];
  assert.ok(r, `missing ref ${i}`);
  return r;
}

export const grams = (s: Slice): bigint => loadCurrencyCollection(s).coins;
export const currency = (s: Slice): CurrencyCollection => loadCurrencyCollection(s);

/** Reads one HmLabel; returns its length and bits. */
function readLabel(s: Slice, m: number): { len: number; bits: bigint } {
  const k = m === 0 ? 0 : 32 - Math.clz32(m);
  if (!s.loadBit()) {
    let len = 0;
    while (s.loadBit()) {
      len++;
    }
    return { len, bits: len ? s.loadUintBig(len) : 0n };
  }
  if (!s.loadBit()) {
    const len = s.loadUint(k);
    return { len, bits: len ? s.loadUintBig(len) : 0n };
  }
  const v = s.loadBit();
  const len = s.loadUint(k);
  return { len, bits: v ? (1n << BigInt(len)) - 1n : 0n };
}

/** The leaves of a HashmapAug root edge: key and the slice positioned at the extra. */
export function augLeaves(root: Cell, n: number): { key: bigint; s: Slice }[] {
  const out: { key: bigint; s: Slice }[] = [];
  const walk = (c: Cell, m: number, prefix: bigint): void => {
    const s = c.beginParse();
    const { len, bits } = readLabel(s, m);
    const p = (prefix << BigInt(len)) | bits;
    if (m - len === 0) {
      out.push({ key: p, s });
      return;
    }
    walk(ref(c, 0), m - len - 1, p << 1n);
    walk(ref(c, 1), m - len - 1, (p << 1n) | 1n);
  };
  walk(root, n, 0n);
  return out;
}

/** The rest of a slice as a builder writer (bits and refs). */
export function rest(s: Slice): (b: Builder) => void {
  const bits = s.loadBits(s.remainingBits);
  const refs: Cell[] = [];
  while (s.remainingRefs > 0) {
    refs.push(s.loadRef());
  }
  return (b) => {
    b.storeBits(bits);
    refs.forEach((r) => b.storeRef(r));
  };
}

function readEnvelope(c: Cell): MsgEnvelope {
  const s = c.beginParse();
  // msg_envelope#4, or msg_envelope_v2#5 (same leading fields) in recent blocks.
  assert.ok([4, 5].includes(s.loadUint(4)));
  const interm = (): number => {
    assert.equal(s.loadBit(), false, 'only interm_addr_regular is expected here');
    return s.loadUint(7);
  };
  const curBits = interm();
  const nextBits = interm();
  return { curBits, nextBits, fwdFeeRemaining: s.loadCoins(), message: s.loadRef() };
}

/** Reads an InMsg of the kinds this library writes; others are returned as raw. */
export function readInMsg(s: Slice): InMsg | undefined {
  const tag = s.preloadUint(3);
  if (tag === 0b000) {
    s.skip(3);
    const message = s.loadRef();
    const transaction = s.loadRef();
    const ms = message.beginParse();
    ms.skip(2);
    // ext_in_msg_info$10 src:MsgAddressExt dest:MsgAddressInt import_fee:Grams
    ms.loadMaybeExternalAddress();
    ms.loadAddress();
    return { kind: 'ext', message, transaction, importFee: ms.loadCoins() };
  }
  if (tag === 0b011 || tag === 0b100) {
    s.skip(3);
    const envelope = readEnvelope(s.loadRef());
    const transaction = s.loadRef();
    const fwdFee = s.loadCoins();
    const ms = envelope.message.beginParse();
    assert.equal(ms.loadBit(), false);
    ms.skip(3);
    ms.loadAddress();
    ms.loadAddress();
    const value = grams(ms);
    const ihrFee = ms.loadCoins();
    return {
      kind: tag === 0b011 ? 'imm' : 'fin',
      envelope,
      transaction,
      fwdFee,
      value: value + ihrFee,
    };
  }
  return undefined;
}

/** Reads an OutMsg of the kinds whose extra this library computes; undefined for others. */
export function readOutMsg(s: Slice): OutMsg | undefined {
  const tag = s.preloadUint(3);
  if (tag === 0b000) {
    s.skip(3);
    return { kind: 'ext', message: s.loadRef(), transaction: s.loadRef() };
  }
  if (tag === 0b001 || tag === 0b010) {
    s.skip(3);
    const envelope = readEnvelope(s.loadRef());
    const transaction = s.loadRef();
    const ms = envelope.message.beginParse();
    assert.equal(ms.loadBit(), false);
    ms.skip(3);
    ms.loadAddress();
    ms.loadAddress();
    const value = grams(ms) + ms.loadCoins();
    if (tag === 0b001) {
      return { kind: 'new', envelope, transaction, value };
    }
    return {
      kind: 'imm',
      envelope,
      transaction,
      reimport: { kind: 'ext', message: envelope.message, transaction, importFee: 0n },
    };
  }
  if (s.preloadUint(4) === 0b1101) {
    s.skip(4);
    return {
      kind: 'deqShort',
      envelopeHash: s.loadBuffer(32),
      nextWorkchain: s.loadInt(32),
      nextAddrPfx: s.loadUintBig(64),
      importBlockLt: s.loadUintBig(64),
    };
  }
  return undefined;
}
