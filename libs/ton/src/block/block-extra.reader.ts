import { type Cell } from '@ton/core';

/*
 * block_extra in_msg_descr:^InMsgDescr out_msg_descr:^OutMsgDescr
 *   account_blocks:^ShardAccountBlocks rand_seed:bits256 created_by:bits256
 *   custom:(Maybe ^McBlockExtra) = BlockExtra;
 * (crypto/block/block.tlb; the tag 0x4a33f6fd is the crc32 of the normalised declaration)
 */
const BLOCK_EXTRA = 0x4a33f6fd;

export interface BlockExtraCells {
  readonly inMsgDescr: Cell;
  readonly outMsgDescr: Cell;
  readonly accountBlocks: Cell;
  readonly randSeed: Buffer;
  readonly createdBy: Buffer;
  /** McBlockExtra (masterchain blocks only). */
  readonly custom: Cell | null;
}

export function readBlockExtra(cell: Cell): BlockExtraCells {
  const s = cell.beginParse();
  if (s.loadUint(32) !== BLOCK_EXTRA) {
    throw new Error('BlockExtra: bad tag');
  }
  return {
    inMsgDescr: s.loadRef(),
    outMsgDescr: s.loadRef(),
    accountBlocks: s.loadRef(),
    randSeed: s.loadBuffer(32),
    createdBy: s.loadBuffer(32),
    custom: s.loadMaybeRef(),
  };
}
