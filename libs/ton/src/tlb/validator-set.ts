import { createHash } from 'node:crypto';

import { type Cell, beginCell, Dictionary } from '@ton/core';

export const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

/** TL constructor id of `pub.ed25519 key:int256 = PublicKey` (crc32 0x4813b4c6), little-endian. */
const PUB_ED25519 = Buffer.from('c6b41348', 'hex');
/** TL constructor id of `ton.blockId root_cell_hash:int256 file_hash:int256 = ton.BlockId`
 *  (crc32 0xc50b6e70), little-endian. */
const TON_BLOCK_ID = Buffer.from('706e0bc5', 'hex');

/** A validator's short node id: sha256 of the TL-serialised `pub.ed25519` key (its ADNL short id). */
export function nodeIdShort(publicKey: Buffer): Buffer {
  return sha256(Buffer.concat([PUB_ED25519, publicKey]));
}

/** The bytes validators sign for a block: TL `ton.blockId root_cell_hash file_hash`. */
export function blockSignatureMessage(rootHash: Buffer, fileHash: Buffer): Buffer {
  return Buffer.concat([TON_BLOCK_ID, rootHash, fileHash]);
}

/*
 * ed25519_pubkey#8e81278a pubkey:bits256 = SigPubKey;
 * validator_addr#73 public_key:SigPubKey weight:uint64 adnl_addr:bits256 = ValidatorDescr;
 * validators_ext#12 utime_since:uint32 utime_until:uint32 total:(## 16) main:(## 16)
 *   { main <= total } { main >= 1 } total_weight:uint64 list:(HashmapE 16 ValidatorDescr)
 *   = ValidatorSet;
 * _ cur_validators:ValidatorSet = ConfigParam 34;
 */
export interface ValidatorDescr {
  readonly publicKey: Buffer;
  readonly weight: bigint;
  readonly adnlAddr: Buffer;
}

export function validatorSetCell(
  validators: readonly ValidatorDescr[],
  utimeSince: number,
  utimeUntil: number,
  main = validators.length,
): Cell {
  const list = Dictionary.empty(Dictionary.Keys.Uint(16), {
    serialize: (v: ValidatorDescr, b) => {
      b.storeUint(0x73, 8).storeUint(0x8e81278a, 32).storeBuffer(v.publicKey, 32);
      b.storeUint(v.weight, 64).storeBuffer(v.adnlAddr, 32);
    },
    parse: (s) => {
      s.skip(40);
      const publicKey = s.loadBuffer(32);
      return { publicKey, weight: s.loadUintBig(64), adnlAddr: s.loadBuffer(32) };
    },
  });
  validators.forEach((v, i) => list.set(i, v));
  const totalWeight = validators.reduce((s, v) => s + v.weight, 0n);
  return beginCell()
    .storeUint(0x12, 8)
    .storeUint(utimeSince, 32)
    .storeUint(utimeUntil, 32)
    .storeUint(validators.length, 16)
    .storeUint(main, 16)
    .storeUint(totalWeight, 64)
    .storeDict(list)
    .endCell();
}

const CRC32C_TABLE = ((): Uint32Array => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    }
    t[i] = c >>> 0;
  }
  return t;
})();

export function crc32c(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc = (CRC32C_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** TL constructor id of `test0.validatorSet ccseqno:int validators:(vector test0.validatorSetItem)`. */
const TEST0_VALIDATOR_SET = 0x901660ed;

/**
 * gen_validator_list_hash_short / validator_list_hash_short: crc32c of the boxed TL
 * `test0.validatorSet ccseqno:int validators:(vector test0.validatorSetItem)` whose items are
 * `key:int256 weight:long addr:int256` (public key, weight, ADNL address) of the validators that sign,
 * in signing order (for the masterchain: the possibly shuffled pick of ConfigParam 28/34). Checked
 * against mainnet masterchain block 26309435's header (the proof test of libs/ton/src/proof).
 */
export function validatorListHashShort(
  catchainSeqno: number,
  validators: readonly ValidatorDescr[],
): number {
  const u32 = (v: number): Buffer => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v >>> 0);
    return b;
  };
  const parts: Buffer[] = [u32(TEST0_VALIDATOR_SET), u32(catchainSeqno), u32(validators.length)];
  for (const v of validators) {
    const w = Buffer.alloc(8);
    w.writeBigUInt64LE(v.weight);
    parts.push(v.publicKey, w, v.adnlAddr);
  }
  return crc32c(Buffer.concat(parts));
}
