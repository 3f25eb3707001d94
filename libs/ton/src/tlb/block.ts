import { type Builder, type Cell, beginCell, Dictionary } from '@ton/core';

import { type AugTrie } from './aug-trie';

/*
 * ed25519_signature#5 R:bits256 s:bits256 = CryptoSignatureSimple;
 * sig_pair$_ node_id_short:bits256 sign:CryptoSignature = CryptoSignaturePair;
 * masterchain_block_extra#cca5 key_block:(## 1) shard_hashes:ShardHashes shard_fees:ShardFees
 *   ^[ prev_blk_signatures:(HashmapE 16 CryptoSignaturePair) recover_create_msg:(Maybe ^InMsg)
 *      mint_msg:(Maybe ^InMsg) ]
 *   config:key_block?ConfigParams = McBlockExtra;
 */
export interface SignaturePair {
  readonly nodeIdShort: Buffer;
  readonly signature: Buffer;
}

export interface McBlockExtra {
  readonly storeShardHashes: (b: Builder) => void;
  readonly storeShardFees: (b: Builder) => void;
  /** Signatures of the previous masterchain block, by validator index. */
  readonly prevBlkSignatures: readonly SignaturePair[];
  /** Present on key blocks: config_addr and the config dictionary. */
  readonly config?: { readonly address: Buffer; readonly root: Cell };
}

/** prev_blk_signatures:(HashmapE 16 CryptoSignaturePair), keyed by validator index. */
export function storePrevBlkSignatures(sigs: readonly SignaturePair[]): (b: Builder) => void {
  const dict = Dictionary.empty(Dictionary.Keys.Uint(16), {
    serialize: (v: SignaturePair, b: Builder) => {
      b.storeBuffer(v.nodeIdShort, 32).storeUint(5, 4).storeBuffer(v.signature, 64);
    },
    parse: (s) => {
      const nodeIdShort = s.loadBuffer(32);
      s.skip(4);
      return { nodeIdShort, signature: s.loadBuffer(64) };
    },
  });
  sigs.forEach((s, i) => dict.set(i, s));
  return (b) => {
    b.storeDict(dict);
  };
}

export function mcBlockExtraCell(e: McBlockExtra): Cell {
  const misc = beginCell()
    .store(storePrevBlkSignatures(e.prevBlkSignatures))
    .storeBit(0)
    .storeBit(0);
  const b = beginCell()
    .storeUint(0xcca5, 16)
    .storeBit(e.config !== undefined);
  b.store(e.storeShardHashes).store(e.storeShardFees).storeRef(misc);
  if (e.config) {
    b.storeBuffer(e.config.address, 32).storeRef(e.config.root);
  }
  return b.endCell();
}

/*
 * block_extra in_msg_descr:^InMsgDescr out_msg_descr:^OutMsgDescr account_blocks:^ShardAccountBlocks
 *   rand_seed:bits256 created_by:bits256 custom:(Maybe ^McBlockExtra) = BlockExtra;
 * (crypto/block/block.tlb; block_extra's tag is 0x4a33f6fd, the crc32 of its normalised declaration.)
 */
const BLOCK_EXTRA = 0x4a33f6fd;

export interface BlockExtra {
  readonly inMsgDescr: Cell;
  readonly outMsgDescr: Cell;
  readonly accountBlocks: Cell;
  readonly randSeed: Buffer;
  readonly createdBy: Buffer;
  /** McBlockExtra (masterchain blocks only). */
  readonly custom?: Cell;
}

export function blockExtraCell(e: BlockExtra): Cell {
  const b = beginCell().storeUint(BLOCK_EXTRA, 32);
  b.storeRef(e.inMsgDescr).storeRef(e.outMsgDescr).storeRef(e.accountBlocks);
  b.storeBuffer(e.randSeed, 32).storeBuffer(e.createdBy, 32);
  if (e.custom) {
    b.storeBit(1).storeRef(e.custom);
  } else {
    b.storeBit(0);
  }
  return b.endCell();
}

/** The fields of a BlockExtra cell; the referenced cells are left unread. */
export function loadBlockExtra(cell: Cell): BlockExtra {
  const s = cell.beginParse();
  if (s.loadUint(32) !== BLOCK_EXTRA) {
    throw new Error('BlockExtra: bad tag');
  }
  const inMsgDescr = s.loadRef();
  const outMsgDescr = s.loadRef();
  const accountBlocks = s.loadRef();
  const randSeed = s.loadBuffer(32);
  const createdBy = s.loadBuffer(32);
  const custom = s.loadMaybeRef();
  return {
    inMsgDescr,
    outMsgDescr,
    accountBlocks,
    randSeed,
    createdBy,
    ...(custom ? { custom } : {}),
  };
}

/** Writes a HashmapAugE into its own cell (the ^InMsgDescr, ^OutMsgDescr … fields). */
export function augECell<V, E>(trie: AugTrie<V, E>): Cell {
  const b = beginCell();
  trie.storeE(b);
  return b.endCell();
}

/*
 * block#11ef55aa global_id:int32 info:^BlockInfo value_flow:^ValueFlow
 *   state_update:^(MERKLE_UPDATE ShardState) extra:^BlockExtra = Block;
 */
export function blockCell(
  globalId: number,
  info: Cell,
  valueFlow: Cell,
  stateUpdate: Cell,
  extra: Cell,
): Cell {
  return beginCell()
    .storeUint(0x11ef55aa, 32)
    .storeInt(globalId, 32)
    .storeRef(info)
    .storeRef(valueFlow)
    .storeRef(stateUpdate)
    .storeRef(extra)
    .endCell();
}
