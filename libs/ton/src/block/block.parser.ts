import { type Cell } from '@ton/core';

import { loadShardAccountBlocks } from '../tlb/account-block';
import { loadBlockExtra } from '../tlb/block';
import { loadValueFlow } from '../tlb/value-flow';
import { readAccountStates } from './account-state.reader';
import { blockHeaderOf, loadFullBlockInfo } from './block-header.reader';
import { countHashmapELeaves } from './hashmap.reader';
import { messageContextOf } from './message.flattener';
import { type ParsedBlock, type ParsedTransaction } from './parsed-block';
import { readShardHashes } from './shard-hashes.reader';
import { flattenTransaction } from './transaction.flattener';

/*
 * block#11ef55aa global_id:int32 info:^BlockInfo value_flow:^ValueFlow
 *   state_update:^(MERKLE_UPDATE ShardState) extra:^BlockExtra = Block;
 * _ (HashmapAugE 256 InMsg ImportFees) = InMsgDescr;
 * _ (HashmapAugE 256 OutMsg CurrencyCollection) = OutMsgDescr;
 * (crypto/block/block.tlb)
 */
const BLOCK = 0x11ef55aa;

/** The block's identity, which the block cell alone does not give (the file hash). */
export interface BlockHashes {
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
}

/**
 * Parses a full block (as a liteserver's getBlock returns it) into the rows the ingestor writes:
 * header, value flow, transactions with their messages, the touched accounts' states before and after
 * the block, the message descriptor counts, and for masterchain blocks the shard tops it commits.
 * Every cell is read once; cells are only serialised where a BoC is stored (bodies, init states,
 * account code and data).
 */
export function parseBlock(root: Cell, id: BlockHashes): ParsedBlock {
  const s = root.beginParse();
  if (s.loadUint(32) !== BLOCK) {
    throw new Error('Block: bad tag');
  }
  const globalId = s.loadInt(32);
  const [infoCell, valueFlowCell, stateUpdate, extraCell] = root.refs;
  if (!infoCell || !valueFlowCell || !stateUpdate || !extraCell) {
    throw new Error('Block: missing references');
  }
  const info = loadFullBlockInfo(infoCell);
  const extra = loadBlockExtra(extraCell);
  const ctx = messageContextOf(info.globalVersion);
  const accountBlocks = loadShardAccountBlocks(extra.accountBlocks);
  const transactions: ParsedTransaction[] = [];
  const touched = new Set<bigint>();
  for (const ab of accountBlocks) {
    touched.add(ab.accountId);
    for (const tx of ab.transactions) {
      transactions.push(flattenTransaction(tx, info.workchain, ctx));
    }
  }
  return {
    header: blockHeaderOf(info, {
      globalId,
      rootHash: id.rootHash,
      fileHash: id.fileHash,
      randSeed: extra.randSeed,
      createdBy: extra.createdBy,
      txCount: transactions.length,
    }),
    valueFlow: loadValueFlow(valueFlowCell),
    transactions,
    accountStates: readAccountStates(stateUpdate, info.workchain, touched),
    inMsgDescrCount: countHashmapELeaves(extra.inMsgDescr, 256),
    outMsgDescrCount: countHashmapELeaves(extra.outMsgDescr, 256),
    shards: extra.custom ? readShardHashes(extra.custom) : [],
  };
}
