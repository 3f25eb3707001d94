import { type Builder, type Slice, storeCurrencyCollection } from '@ton/core';

/** The unsplit shard (and the masterchain's only shard): the tag bit alone. */
export const SHARD_FULL = 0x8000000000000000n;

/*
 * ext_blk_ref$_ end_lt:uint64 seq_no:uint32 root_hash:bits256 file_hash:bits256 = ExtBlkRef;
 */
export interface ExtBlkRef {
  readonly endLt: bigint;
  readonly seqno: number;
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
}

export function loadExtBlkRef(s: Slice): ExtBlkRef {
  return {
    endLt: s.loadUintBig(64),
    seqno: s.loadUint(32),
    rootHash: s.loadBuffer(32),
    fileHash: s.loadBuffer(32),
  };
}

export function storeExtBlkRef(r: ExtBlkRef): (b: Builder) => void {
  return (b) => {
    b.storeUint(r.endLt, 64).storeUint(r.seqno, 32).storeBuffer(r.rootHash, 32);
    b.storeBuffer(r.fileHash, 32);
  };
}

/** Number of prefix bits of a shard id (the position of its lowest set bit, the tag). */
export function shardPrefixLength(shard: bigint): number {
  if (shard <= 0n || shard >= 1n << 64n) {
    throw new Error(`invalid shard id ${shard}`);
  }
  let len = 63;
  let s = shard;
  while ((s & 1n) === 0n) {
    s >>= 1n;
    len--;
  }
  return len;
}

/*
 * shard_ident$00 shard_pfx_bits:(#<= 60) workchain_id:int32 shard_prefix:uint64 = ShardIdent;
 * shard_prefix holds the prefix bits with the tag bit cleared (0xc000… → pfx_bits 1, prefix 0x8000…).
 */
export function storeShardIdent(workchain: number, shard: bigint): (b: Builder) => void {
  return (b) => {
    const len = shardPrefixLength(shard);
    const tag = 1n << BigInt(63 - len);
    b.storeUint(0, 2)
      .storeUint(len, 6)
      .storeInt(workchain, 32)
      .storeUint(shard - tag, 64);
  };
}

/** Reads a ShardIdent as the shard id it names (the prefix bits followed by the tag bit). */
export function loadShardIdent(s: Slice): { workchain: number; shard: bigint } {
  if (s.loadUint(2) !== 0) {
    throw new Error('ShardIdent: bad tag');
  }
  const prefixBits = s.loadUint(6);
  const workchain = s.loadInt(32);
  const prefix = s.loadUintBig(64);
  // shard_prefix holds the prefix in its top bits; the shard id adds the tag bit right after them.
  const tag = 1n << BigInt(63 - prefixBits);
  const mask = ~((tag << 1n) - 1n) & 0xffffffffffffffffn;
  return { workchain, shard: (prefix & mask) | tag };
}

/** Whether `shard` contains account id `accountId` (256-bit). */
export function shardContainsAccount(shard: bigint, accountId: bigint): boolean {
  const len = shardPrefixLength(shard);
  const prefix = accountId >> BigInt(256 - len);
  return shard >> BigInt(64 - len) === prefix;
}

/** Whether shard `a` is `b` or one of its ancestors (a's prefix is a prefix of b's). */
export function shardIsAncestor(a: bigint, b: bigint): boolean {
  const la = shardPrefixLength(a);
  const lb = shardPrefixLength(b);
  if (la > lb) {
    return false;
  }
  return a >> BigInt(64 - la) === b >> BigInt(64 - la);
}

/** currencies$_ grams:Grams other:ExtraCurrencyCollection = CurrencyCollection (no extra currencies). */
export function storeGrams(coins: bigint): (b: Builder) => void {
  return storeCurrencyCollection({ coins });
}
