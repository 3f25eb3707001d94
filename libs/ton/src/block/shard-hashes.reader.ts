import { type Cell } from '@ton/core';

import { loadShardHashes } from '../tlb/shard-hashes';
import { type ParsedShardDescr } from './parsed-block';
import { hashBase64, signedShard } from './raw-format';

/*
 * masterchain_block_extra#cca5 key_block:(## 1) shard_hashes:ShardHashes shard_fees:ShardFees
 *   ^[ prev_blk_signatures:(HashmapE 16 CryptoSignaturePair) recover_create_msg:(Maybe ^InMsg)
 *      mint_msg:(Maybe ^InMsg) ] config:key_block?ConfigParams = McBlockExtra;
 * (crypto/block/block.tlb; ShardHashes itself is read by loadShardHashes, beside its store)
 */
const MC_BLOCK_EXTRA = 0xcca5;

/** The shard tops a masterchain block commits, from its McBlockExtra, by workchain then shard. */
export function readShardHashes(mcBlockExtra: Cell): ParsedShardDescr[] {
  const s = mcBlockExtra.beginParse();
  if (s.loadUint(16) !== MC_BLOCK_EXTRA) {
    throw new Error('McBlockExtra: bad tag');
  }
  s.skip(1); // key_block
  return loadShardHashes(s).map((d) => ({
    workchain: d.workchain,
    shard: signedShard(d.shard),
    seqno: d.seqno,
    rootHash: hashBase64(d.rootHash),
    fileHash: hashBase64(d.fileHash),
    startLt: d.startLt,
    endLt: d.endLt,
    genUtime: d.genUtime,
    beforeSplit: d.beforeSplit,
    beforeMerge: d.beforeMerge,
    wantSplit: d.wantSplit,
    wantMerge: d.wantMerge,
    nxCcUpdated: d.nxCcUpdated,
    regMcSeqno: d.regMcSeqno,
  }));
}
