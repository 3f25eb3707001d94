import { beginCell, type Cell } from '@ton/core';
import {
  buildMerkleProof,
  CellSet,
  countHashmapLeaves,
  findShardAccount,
  hashmapPath,
  int32Key,
  serializeBocMultiRoot,
} from '@app/ton';
import type { StoredBlock } from '../chain/chain-reader';
import { LiteServerError, LiteServerErrorCode } from './lite-server-error';

/**
 * Merkle proofs as the C++ liteserver builds them (validator/impl/liteserver.cpp), from the chain's own
 * block and state cells.
 */

function ref(cell: Cell, index: number, what: string): Cell {
  const r = cell.refs[index];
  if (!r) {
    throw new LiteServerError(LiteServerErrorCode.error, `malformed ${what}: missing ref ${index}`);
  }
  return r;
}

/**
 * Block header proof (create_block_state_proof / getBlockHeader):
 *   block#11ef55aa global_id:int32 info:^BlockInfo value_flow:^ValueFlow
 *     state_update:^(MERKLE_UPDATE ShardState) extra:^BlockExtra = Block;
 * keeps the root, BlockInfo with its prev/master refs, and the state_update cell (whose new hash links
 * the block to its state); value flow, extra and the state trees are pruned. A zero state has no block:
 * its proof is the state root with everything below pruned.
 */
export function blockHeaderProof(block: StoredBlock): Cell {
  let proof = headerProofs.get(block);
  if (proof === undefined) {
    proof = buildBlockHeaderProof(block);
    headerProofs.set(block, proof);
  }
  return proof;
}

/** A block's header proof never changes; kept so that lookupBlock does not read the block's cells
 *  again (withLazyBlock) every time a client asks. ~10 cells a block. */
const headerProofs = new WeakMap<StoredBlock, Cell>();

function buildBlockHeaderProof(block: StoredBlock): Cell {
  if (!block.block) {
    return buildMerkleProof(block.state, CellSet.of(block.state));
  }
  const root = block.block;
  const info = ref(root, 0, 'Block');
  const stateUpdate = ref(root, 2, 'Block');
  const keep = CellSet.of(root, info, stateUpdate).addAll(info.refs);
  // A level-0 tree under the MERKLE_UPDATE (a state with nothing pruned, e.g. the zero state's) would
  // be pruned into a branch of level mask 2, which @ton/core 0.63 cannot parse; such a tree is kept.
  for (const side of stateUpdate.refs) {
    if (side.level() === 0) {
      keep.addSubtree(side);
    }
  }
  return buildMerkleProof(root, keep);
}

/** McStateExtra of a masterchain ShardStateUnsplit (custom:(Maybe ^McStateExtra), the 4th ref). */
export function mcStateExtra(state: Cell): Cell {
  const s = state.beginParse();
  // shard_state#9023afe2 global_id shard_id(2+6+32+64) seq_no vert_seq_no gen_utime gen_lt
  // min_ref_mc_seqno, then before_split:(## 1), then custom:(Maybe ^McStateExtra)
  s.skip(32 + 32 + 104 + 32 + 32 + 32 + 64 + 32 + 1);
  const extra = s.loadBit() ? state.refs[3] : undefined;
  if (!extra) {
    throw new LiteServerError(LiteServerErrorCode.error, 'state has no McStateExtra');
  }
  return extra;
}

/**
 * masterchain_state_extra#cc26 shard_hashes:ShardHashes config:ConfigParams ^[ ... ]
 *   block_create_stats:(Maybe BlockCreateStats) global_balance:CurrencyCollection = McStateExtra;
 * _ (HashmapE 32 ^(BinTree ShardDescr)) = ShardHashes;  _ config_addr:bits256 config:^(Hashmap 32 ^Cell) = ConfigParams;
 */
export function mcExtraParts(extra: Cell): { shardHashes: Cell | null; config: Cell } {
  const s = extra.beginParse();
  if (s.loadUint(16) !== 0xcc26) {
    throw new LiteServerError(LiteServerErrorCode.error, 'not a McStateExtra');
  }
  const hasShards = s.loadBit();
  const shardHashes = hasShards ? ref(extra, 0, 'McStateExtra') : null;
  return { shardHashes, config: ref(extra, hasShards ? 1 : 0, 'McStateExtra') };
}

/** Proof of a masterchain state keeping McStateExtra and the whole ShardHashes dictionary. */
export function shardHashesStateProof(mcState: Cell): Cell {
  const extra = mcStateExtra(mcState);
  const keep = CellSet.of(mcState, extra);
  const { shardHashes } = mcExtraParts(extra);
  if (shardHashes) {
    keep.addSubtree(shardHashes);
  }
  return buildMerkleProof(mcState, keep);
}

/** shard_proof of account and shard queries: {mc block header proof, mc state proof of ShardHashes}. */
export function shardProofBoc(mcBlock: StoredBlock): Buffer {
  return serializeBocMultiRoot([blockHeaderProof(mcBlock), shardHashesStateProof(mcBlock.state)]);
}

/**
 * Keeps, in a proof of the ConfigParams dictionary `config` (`HashmapE 32 ^Cell`), the path to each of
 * `params` and the whole value of those present: an absent one is proven by where its key diverges.
 */
function keepConfigParams(keep: CellSet, config: Cell, params: readonly number[]): void {
  for (const p of params) {
    const path = hashmapPath(config, int32Key(p), 32);
    keep.addAll(path.cells);
    const value = path.value?.loadRef();
    if (value) {
      keep.addSubtree(value);
    }
  }
}

/**
 * configProof of getConfigAll / getConfigParams: the masterchain state with McStateExtra kept and the
 * config dictionary kept whole (`params` = 'all') or only along the requested params' paths (each
 * present param's value subtree kept).
 */
export function configStateProof(mcState: Cell, params: 'all' | readonly number[]): Cell {
  const extra = mcStateExtra(mcState);
  const { config } = mcExtraParts(extra);
  const keep = CellSet.of(mcState, extra, config);
  if (params === 'all') {
    keep.addSubtree(config);
  } else {
    keepConfigParams(keep, config, params);
  }
  return buildMerkleProof(mcState, keep);
}

/** State proof of one account: the path from the ShardStateUnsplit root to the account's leaf (or to
 *  where its key diverges); the Account cell itself stays pruned, as in the C++ liteserver. */
export function accountStateProof(
  state: Cell,
  accountId: Buffer,
): { proof: Cell; account: Cell | null } {
  const found = findShardAccount(state, accountId);
  const proof = buildMerkleProof(state, new CellSet().addAll(found.path));
  return { proof, account: found.account?.cell ?? null };
}

/**
 * The cells of a block on the way to one transaction:
 *   block_extra in_msg_descr:^InMsgDescr out_msg_descr:^OutMsgDescr account_blocks:^ShardAccountBlocks ...
 *   _ (HashmapAugE 256 AccountBlock CurrencyCollection) = ShardAccountBlocks;
 *   acc_trans#5 account_addr:bits256 transactions:(HashmapAug 64 ^Transaction CurrencyCollection)
 *     state_update:^(HASH_UPDATE Account) = AccountBlock;
 */
export function transactionPathInBlock(blockCell: Cell, accountId: Buffer, lt: bigint): Cell[] {
  const extra = ref(blockCell, 3, 'Block');
  const accountBlocks = ref(extra, 2, 'BlockExtra');
  const cells = [blockCell, extra, accountBlocks];
  if (!accountBlocks.beginParse().loadBit()) {
    return cells;
  }
  const accounts = hashmapPath(
    ref(accountBlocks, 0, 'ShardAccountBlocks'),
    BigInt('0x' + accountId.toString('hex')),
    256,
  );
  cells.push(...accounts.cells);
  if (!accounts.leaf || !accounts.value) {
    return cells;
  }
  const v = accounts.value;
  v.loadCoins(); // extra: CurrencyCollection
  v.loadMaybeRef();
  v.skip(4 + 256); // acc_trans#5 account_addr
  const txs = hashmapPath(accounts.leaf, lt, 64, v);
  cells.push(...txs.cells);
  return cells;
}

/** Block proof keeping the paths to several transactions (listBlockTransactions want_proof,
 *  getOneTransaction). */
export function transactionsBlockProof(
  block: StoredBlock,
  txs: readonly { accountId: Buffer; lt: bigint }[],
  walk?: (accounts: Cell | null, visit: (cell: Cell) => void) => void,
): Cell {
  if (!block.block) {
    return blockHeaderProof(block);
  }
  const root = block.block;
  const info = ref(root, 0, 'Block');
  const keep = CellSet.of(root, info).addAll(info.refs);
  if (walk) {
    // The dictionary cells a listing's walk reads (the C++ liteserver's proof keeps them): where it
    // starts from `after`, and that nothing follows a complete list.
    const extra = ref(root, 3, 'Block');
    const accountBlocks = ref(extra, 2, 'BlockExtra');
    keep.addAll([extra, accountBlocks]);
    const accounts = accountBlocks.beginParse().loadBit()
      ? ref(accountBlocks, 0, 'ShardAccountBlocks')
      : null;
    walk(accounts, (cell) => keep.add(cell));
  }
  for (const t of txs) {
    keep.addAll(transactionPathInBlock(root, t.accountId, t.lt));
  }
  return buildMerkleProof(root, keep);
}

/** A Merkle proof of a cell keeping its root only (getAccountStatePrunned's state). */
export function rootOnlyProof(cell: Cell): Cell {
  return buildMerkleProof(cell, CellSet.of(cell));
}

/** BoC of a cell holding `bit 1 + ^root` (or a single 0 bit for an empty dictionary): how
 *  getAllShardsInfo sends ShardHashes (`append_dict_to_bool`). */
export function dictAsBoolBoc(root: Cell | null): Buffer {
  const b = beginCell();
  if (root) {
    b.storeBit(1).storeRef(root);
  } else {
    b.storeBit(0);
  }
  return b.endCell().toBoc({ idx: false, crc32: false });
}

export function boc(cell: Cell): Buffer {
  return cell.toBoc({ idx: false, crc32: false });
}

/**
 * Messages waiting in a shard state's outbound queue:
 *   _ out_queue:OutMsgQueue proc_info:ProcessedInfo ihr_pending:IhrPendingInfo = OutMsgQueueInfo;
 *   _ (HashmapAugE 352 EnqueuedMsg uint64) = OutMsgQueue;
 * (out_msg_queue_info is the first ref of ShardStateUnsplit.)
 */
export function outMsgQueueSize(state: Cell): number {
  const info = ref(state, 0, 'ShardStateUnsplit');
  if (info.isExotic || !info.beginParse().loadBit()) {
    return 0;
  }
  return countHashmapLeaves(ref(info, 0, 'OutMsgQueueInfo'), 352);
}

/** Proof of a shard state keeping its OutMsgQueueInfo cell (getBlockOutMsgQueueSize want_proof). */
export function outMsgQueueStateProof(state: Cell): Cell {
  return buildMerkleProof(state, CellSet.of(state, ref(state, 0, 'ShardStateUnsplit')));
}

/**
 * The libraries dictionary of a masterchain state and the cells a proof of some hashes keeps:
 *   ^[ overload_history:uint64 underload_history:uint64 total_balance:CurrencyCollection
 *      total_validator_fees:CurrencyCollection libraries:(HashmapE 256 LibDescr)
 *      master_ref:(Maybe BlkMasterInfo) ]   (the third ref of ShardStateUnsplit)
 *   shared_lib_descr$00 lib:^Cell publishers:(Hashmap 256 True) = LibDescr;
 */
export function stateLibraries(
  state: Cell,
  hashes: readonly Buffer[],
): { found: { hash: Buffer; data: Cell }[]; keep: CellSet } {
  const misc = ref(state, 2, 'ShardStateUnsplit');
  const keep = CellSet.of(state, misc);
  const s = misc.beginParse();
  s.skip(128);
  s.loadCoins();
  s.loadMaybeRef();
  s.loadCoins();
  s.loadMaybeRef();
  const root = s.loadMaybeRef();
  const found: { hash: Buffer; data: Cell }[] = [];
  if (!root) {
    return { found, keep };
  }
  for (const hash of hashes) {
    const path = hashmapPath(root, BigInt('0x' + hash.toString('hex')), 256);
    keep.addAll(path.cells);
    if (path.value) {
      path.value.skip(2); // shared_lib_descr$00
      found.push({ hash, data: path.value.loadRef() });
    }
  }
  return { found, keep };
}

/**
 * The config proof of a forward link from a key block (check-proof.cpp reads it with
 * Config::extract_from_key_block): the block header proof plus the path
 *   Block.extra -> BlockExtra.custom (McBlockExtra) -> config:^(Hashmap 32 ^Cell)
 * keeping the asked params' values whole. McBlockExtra's config is its last field, so its last ref.
 * From the zero state (no block) it is the state proof of those params instead.
 */
export function keyBlockConfigProof(block: StoredBlock, params: readonly number[]): Cell {
  if (!block.block) {
    return configStateProof(block.state, params);
  }
  const root = block.block;
  const info = ref(root, 0, 'Block');
  const stateUpdate = ref(root, 2, 'Block');
  const extra = ref(root, 3, 'Block');
  const mcExtra = ref(extra, 3, 'BlockExtra');
  const config = ref(mcExtra, mcExtra.refs.length - 1, 'McBlockExtra');
  const keep = CellSet.of(root, info, stateUpdate, extra, mcExtra, config).addAll(info.refs);
  for (const side of stateUpdate.refs) {
    if (side.level() === 0) {
      keep.addSubtree(side);
    }
  }
  keepConfigParams(keep, config, params);
  return buildMerkleProof(root, keep);
}

/**
 * Proof of a masterchain state keeping McStateExtra's `^[ flags validator_info prev_blocks ... ]` cell
 * and the path to `seqno` in prev_blocks (OldMcBlocksInfo = HashmapAugE 32 KeyExtBlkRef KeyMaxLt):
 * what a backward link needs to show that an older block is an ancestor.
 */
export function prevBlocksStateProof(mcState: Cell, seqno: number): Cell {
  const extra = mcStateExtra(mcState);
  const { shardHashes } = mcExtraParts(extra);
  const keep = CellSet.of(mcState, extra);
  const misc = extra.refs[shardHashes ? 2 : 1];
  if (misc) {
    keep.add(misc);
    const s = misc.beginParse();
    s.skip(16 + 32 + 32 + 1); // flags, validator_info (list hash, catchain seqno, nx_cc_updated)
    const root = s.loadBit() ? misc.refs[0] : undefined;
    if (root) {
      keep.addAll(hashmapPath(root, BigInt(seqno), 32).cells);
    }
  }
  return buildMerkleProof(mcState, keep);
}
