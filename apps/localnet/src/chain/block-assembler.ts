import { type Address, type Cell, Dictionary, type Transaction } from '@ton/core';

import {
  augECell,
  blockCell,
  blockExtraCell,
  blockInfoCell,
  buildInMsgDescr,
  buildMerkleUpdate,
  buildOutMsgDescr,
  buildShardAccountBlocks,
  collectChangedCells,
  type EnqueuedMsg,
  type InMsg,
  type OutMsg,
  outMsgQueueInfoCell,
  serializeBoc,
  sha256,
  shardAccountsCell,
  shardStateCell,
  type ValueFlow,
  valueFlowBalanced,
  valueFlowCell,
} from '@app/ton';

import type { BlockIdExt, StoredBlock, StoredTransaction } from './chain-reader';
import { withLazyBlock } from './lazy-block';
import { extRef, type ShardChain } from './shard-chain';

/** One executed transaction, as the emulator returned it. */
export interface ExecutedTx {
  readonly address: Address;
  readonly tx: Transaction;
  readonly cell: Cell;
}

/** Everything one seal collects for one shard chain before its block is built. */
export class ChainWork {
  readonly txs: ExecutedTx[] = [];
  readonly inMsgs = new Map<bigint, InMsg>();
  readonly outMsgs = new Map<bigint, OutMsg>();
  readonly enqueued: { key: bigint; value: EnqueuedMsg }[] = [];
  readonly dequeued: { key: bigint; msgHash: bigint; build: (importBlockLt: bigint) => OutMsg }[] =
    [];
  /** Old-state cells an update reads (replaced trie nodes, changed account cells). */
  readonly oldKeep = new Set<string>();
  /** Value added or removed outside transactions (emulator state injections). */
  minted = 0n;
  burned = 0n;
  /** end_lt of this chain's block, once the seal has fixed it. */
  endLt?: bigint;
}

export interface AssembleArgs {
  readonly chain: ShardChain;
  readonly work: ChainWork;
  readonly globalId: number;
  readonly seqno: number;
  readonly genUtime: number;
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly minRefMcSeqno: number;
  /** Previous masterchain block (master_ref of shard blocks and states). */
  readonly masterRef?: StoredBlock;
  readonly randSeed: Buffer;
  readonly createdBy: Buffer;
  readonly validatorListHashShort: number;
  readonly genSoftware?: { version: number; capabilities: bigint };
  readonly created: bigint;
  readonly feesImported: bigint;
  readonly stateCustom?: Cell;
  readonly blockCustom?: Cell;
  readonly keyBlock: boolean;
  readonly prevKeyBlockSeqno: number;
  readonly mcSeqno: number;
  /** Masterchain: the libraries HashmapE root. */
  readonly libraries?: Cell;
}

export interface Assembled {
  readonly stored: StoredBlock;
  readonly valueFlow: ValueFlow;
  readonly feesCollected: bigint;
}

export function storedTransactions(txs: readonly ExecutedTx[]): StoredTransaction[] {
  return txs
    .map((t): StoredTransaction => ({
      address: t.address,
      lt: t.tx.lt,
      hash: t.cell.hash(),
      cell: t.cell,
      prevTransLt: t.tx.prevTransactionLt,
      prevTransHash: Buffer.from(t.tx.prevTransactionHash.toString(16).padStart(64, '0'), 'hex'),
      now: t.tx.now,
    }))
    .sort((a, b) => {
      const c = Buffer.compare(a.address.hash, b.address.hash);
      return c !== 0 ? c : a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0;
    });
}

/**
 * Builds one block of `chain` from the seal's work: applies the queue changes, builds the new
 * ShardStateUnsplit, InMsgDescr/OutMsgDescr/ShardAccountBlocks, a ValueFlow whose sums follow from them,
 * the Merkle update from the previous state, and the Block cell. Mutates the chain's current state (not
 * its published blocks), yielding to the event loop between phases.
 */
export async function assembleBlock(a: AssembleArgs): Promise<Assembled> {
  const { chain, work } = a;
  const prev = chain.last();
  const oldStateCell = prev.stored.state;
  const remember = (c: Cell): void => {
    work.oldKeep.add(c.hash().toString('hex'));
  };
  const oldQueueRoot = chain.outQueue.rootCell();
  for (const d of work.dequeued) {
    chain.outQueue = chain.outQueue.delete(d.key, remember);
    work.outMsgs.set(d.msgHash, d.build(a.endLt));
  }
  for (const e of work.enqueued) {
    chain.outQueue = chain.outQueue.set(e.key, e.value, remember);
  }
  const inDescr = buildInMsgDescr(work.inMsgs.entries());
  const outDescr = buildOutMsgDescr(work.outMsgs.entries());
  const byAccount = new Map<bigint, ExecutedTx[]>();
  for (const t of work.txs) {
    const list = byAccount.get(t.tx.address) ?? [];
    list.push(t);
    byAccount.set(t.tx.address, list);
  }
  const accountBlocks = buildShardAccountBlocks(
    [...byAccount].map(([accountId, txs]) => ({
      accountId,
      transactions: txs
        .sort((x, y) => (x.tx.lt < y.tx.lt ? -1 : 1))
        .map((t) => ({
          lt: t.tx.lt,
          cell: t.cell,
          totalFees: t.tx.totalFees.coins,
          oldHash: t.tx.stateUpdate.oldHash,
          newHash: t.tx.stateUpdate.newHash,
        })),
    })),
  );
  const txFees = accountBlocks.extra;
  const importFees = inDescr.extra;
  const feesCollected = txFees + importFees.feesCollected + a.created + a.feesImported;
  const valueFlow: ValueFlow = {
    fromPrevBlk: prev.accounts.extra,
    toNextBlk: chain.accounts.extra,
    imported: importFees.valueImported,
    // Value removed from accounts outside transactions (emulator injections) leaves as `exported`.
    exported: outDescr.extra + work.burned,
    feesCollected,
    feesImported: a.feesImported,
    recovered: 0n,
    created: a.created,
    // Value injected into accounts outside transactions (sandbox treasuries, setShardAccount).
    minted: work.minted,
  };
  if (!valueFlowBalanced(valueFlow)) {
    throw new Error(
      `value flow of ${chain.workchain}:${chain.shard.toString(16)}:${a.seqno} does not balance`,
    );
  }
  chain.totalValidatorFees += feesCollected;
  const state = shardStateCell({
    globalId: a.globalId,
    workchain: chain.workchain,
    shard: chain.shard,
    seqno: a.seqno,
    genUtime: a.genUtime,
    genLt: a.endLt,
    minRefMcSeqno: a.minRefMcSeqno,
    outMsgQueueInfo: outMsgQueueInfoCell(chain.outQueue),
    accounts: shardAccountsCell(chain.accounts),
    totalBalance: chain.accounts.extra,
    totalValidatorFees: chain.totalValidatorFees,
    libraries: a.libraries,
    masterRef: chain.isMaster || !a.masterRef ? undefined : extRef(a.masterRef),
    custom: a.stateCustom,
  });
  const stop = new Set<string>();
  for (const root of [prev.accounts.rootCell(), oldQueueRoot, prev.mc?.prevBlocks.rootCell()]) {
    if (root) {
      stop.add(root.hash().toString('hex'));
    }
  }
  collectChangedCells(oldStateCell, state, work.oldKeep, stop);
  await yieldToLoop();
  const stateUpdate = buildMerkleUpdate(oldStateCell, state, work.oldKeep);
  await yieldToLoop();
  const info = blockInfoCell({
    version: 0,
    workchain: chain.workchain,
    shard: chain.shard,
    seqno: a.seqno,
    keyBlock: a.keyBlock,
    genUtime: a.genUtime,
    startLt: a.startLt,
    endLt: a.endLt,
    genValidatorListHashShort: a.validatorListHashShort,
    genCatchainSeqno: 0,
    minRefMcSeqno: a.minRefMcSeqno,
    prevKeyBlockSeqno: a.prevKeyBlockSeqno,
    genSoftware: a.genSoftware,
    masterRef: chain.isMaster || !a.masterRef ? undefined : extRef(a.masterRef),
    prev: [extRef(prev.stored)],
  });
  const extra = blockExtraCell({
    inMsgDescr: augECell(inDescr),
    outMsgDescr: augECell(outDescr),
    accountBlocks: augECell(accountBlocks),
    randSeed: a.randSeed,
    createdBy: a.createdBy,
    custom: a.blockCustom,
  });
  const block = blockCell(a.globalId, info, valueFlowCell(valueFlow), stateUpdate, extra);
  const blockBoc = serializeBoc(block);
  const id: BlockIdExt = {
    workchain: chain.workchain,
    shard: chain.shard,
    seqno: a.seqno,
    rootHash: block.hash(),
    fileHash: sha256(blockBoc),
  };
  const stored: StoredBlock = withLazyBlock({
    id,
    block,
    blockBoc,
    state,
    startLt: a.startLt,
    endLt: a.endLt,
    genUtime: a.genUtime,
    isKeyBlock: a.keyBlock,
    prev: [prev.stored.id],
    mcSeqno: a.mcSeqno,
    transactions: storedTransactions(work.txs),
  });
  return { stored, valueFlow, feesCollected };
}

/** Lets pending I/O run between the synchronous phases of block building. */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The out messages of a transaction as the cells it holds (`^[ in_msg out_msgs ]`). */
export function transactionMessageCells(txCell: Cell): {
  inMsg: Cell | null;
  outMsgs: Map<number, Cell>;
} {
  const ref = txCell.refs[0];
  if (!ref) {
    throw new Error('transaction without its message cell');
  }
  const s = ref.beginParse();
  const inMsg = s.loadMaybeRef();
  const dict = s.loadDict(Dictionary.Keys.Uint(15), {
    serialize: (v: Cell, b) => b.storeRef(v),
    parse: (sl) => sl.loadRef(),
  });
  const outMsgs = new Map<number, Cell>();
  for (const [k, v] of dict) {
    outMsgs.set(k, v);
  }
  return { inMsg, outMsgs };
}
