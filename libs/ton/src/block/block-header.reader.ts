import { type Cell } from '@ton/core';

import {
  type BlockInfo,
  loadBlockInfo,
  loadBlockInfoLinks,
  prevBlockShards,
} from '../tlb/block-info';
import { type ExtBlkRef } from '../tlb/block-refs';
import { type BlockIdFull, type ParsedBlockHeader } from './parsed-block';
import { hashBase64, signedShard } from './raw-format';

/** BlockInfo's fields after the fixed part: gen_software and the references. */
export interface BlockInfoRefs {
  /** gen_software.version (the network's global version); 0 when the block does not say. */
  readonly globalVersion: number;
  /** master_ref's seqno (shard blocks). */
  readonly masterRefSeqno: number | null;
  /** prev_ref: one block, or two after a merge (workchain and shard derived from this block's). */
  readonly prevBlocks: readonly BlockIdFull[];
}

export function loadBlockInfoRefs(cell: Cell, info: BlockInfo): BlockInfoRefs {
  const links = loadBlockInfoLinks(cell, info);
  const shards = prevBlockShards(info);
  return {
    globalVersion: links.genSoftware?.version ?? 0,
    masterRefSeqno: links.masterRef?.seqno ?? null,
    prevBlocks: links.prev.map((ref, i) => blockId(info.workchain, shards[i] ?? info.shard, ref)),
  };
}

/** The BlockInfo of a Block cell, fixed part and references. */
export function loadFullBlockInfo(cell: Cell): BlockInfo & BlockInfoRefs {
  const info = loadBlockInfo(cell);
  return { ...info, ...loadBlockInfoRefs(cell, info) };
}

/** The header row, from BlockInfo and the block's other header fields. */
export function blockHeaderOf(
  info: BlockInfo & BlockInfoRefs,
  fields: {
    readonly globalId: number;
    readonly rootHash: Buffer;
    readonly fileHash: Buffer;
    readonly randSeed: Buffer;
    readonly createdBy: Buffer;
    readonly txCount: number;
  },
): ParsedBlockHeader {
  return {
    workchain: info.workchain,
    shard: signedShard(info.shard),
    seqno: info.seqno,
    rootHash: hashBase64(fields.rootHash),
    fileHash: hashBase64(fields.fileHash),
    globalId: fields.globalId,
    version: info.version,
    afterMerge: info.afterMerge,
    beforeSplit: info.beforeSplit,
    afterSplit: info.afterSplit,
    wantMerge: info.wantMerge,
    wantSplit: info.wantSplit,
    keyBlock: info.keyBlock,
    vertSeqnoIncr: info.vertSeqnoIncr,
    flags: info.flags,
    genUtime: info.genUtime,
    startLt: info.startLt,
    endLt: info.endLt,
    validatorListHashShort: info.genValidatorListHashShort,
    genCatchainSeqno: info.genCatchainSeqno,
    minRefMcSeqno: info.minRefMcSeqno,
    prevKeyBlockSeqno: info.prevKeyBlockSeqno,
    vertSeqno: info.vertSeqno,
    masterRefSeqno: info.masterRefSeqno,
    randSeed: hashBase64(fields.randSeed),
    createdBy: hashBase64(fields.createdBy),
    txCount: fields.txCount,
    prevBlocks: info.prevBlocks,
  };
}

function blockId(workchain: number, shard: bigint, ref: ExtBlkRef): BlockIdFull {
  return {
    workchain,
    shard: signedShard(shard),
    seqno: ref.seqno,
    rootHash: hashBase64(ref.rootHash),
    fileHash: hashBase64(ref.fileHash),
  };
}
