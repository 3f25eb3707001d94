import { Address, beginCell, type Cell, loadMessage, loadShardAccount } from '@ton/core';
import { type snapshotToSerializable } from '@ton/sandbox';
import { z } from 'zod';

import {
  AugTrie,
  emptyOldMcBlocks,
  emptyOutMsgQueue,
  emptyShardAccounts,
  outMsgQueueSpec,
  readBoc,
  serializeBoc,
  serializeBocMultiRoot,
  sha256,
  shardAccountsSpec,
  type EnqueuedMsg,
  type OldMcBlocksTrie,
  type OutMsgQueueTrie,
  type ShardAccountEntry,
  type ShardAccountsTrie,
} from '@app/ton';

import type { BlockIdExt, StoredBlock, StoredSignature, StoredTransaction } from './chain-reader';
import type { Pending } from './message-executor';
import type { BlockRecord, ShardChain } from './shard-chain';
import { StateNotKeptError } from './state-retention';
import {
  BlockIdJson,
  EnvelopeJson,
  RecordJson,
  SnapshotJson,
  StoredBlockJson,
} from './snapshot-json.schema';
import { CellTable, hex, recordJson } from './snapshot-encode';
import { packPrevBlocks, unpackPrevBlocks } from './snapshot-prev-blocks';

export { SnapshotJson } from './snapshot-json.schema';

/*
 * A snapshot of the local chain right after masterchain block `seqno` was sealed: everything the
 * next seal reads, so that the chain goes on from it and produces the same blocks as it would have
 * (chain-resume.ts checks every replayed block's hash against the journal). Cells (block and state
 * roots, accounts, queued messages, configs) are roots of one bag of cells, identical cells stored
 * once; the rest is JSON with cells named by their root index.
 */

type Queued = Extract<Pending, { kind: 'queued' }>;
/** @ton/sandbox's serialisable emulator snapshot (its type is not exported by name). */
type SerializableSnapshot = ReturnType<typeof snapshotToSerializable>;

/** What a snapshot is taken from: the chain's live objects right after a seal. */
export interface ChainCapture {
  readonly seqno: number;
  /** The emulator (@ton/sandbox snapshotToSerializable), its transaction log left out. */
  readonly emulator: SerializableSnapshot;
  readonly config: Cell;
  readonly configChanged: boolean;
  /** The masterchain, then the basechain shards; `top` is each chain's block at `seqno`. */
  readonly chains: readonly { readonly top: BlockRecord; readonly totalValidatorFees: bigint }[];
  /** Masterchain key blocks before `seqno` (kept whole for good, state-retention.ts). */
  readonly keyBlocks: readonly BlockRecord[];
  /** Messages transactions created, waiting for the next block; `source` indexes `chains`. */
  readonly queue: readonly (Queued & { readonly sourceIndex: number })[];
}

/** A snapshot read back: the records and tries to put into a new chain. */
export interface RestoredChain {
  readonly seqno: number;
  readonly emulator: SerializableSnapshot;
  readonly config: Cell;
  readonly configChanged: boolean;
  readonly chains: readonly {
    readonly top: BlockRecord;
    readonly accounts: ShardAccountsTrie;
    readonly outQueue: OutMsgQueueTrie;
    readonly prevBlocks: OldMcBlocksTrie;
    readonly totalValidatorFees: bigint;
  }[];
  readonly keyBlocks: readonly BlockRecord[];
  readonly queue: readonly {
    readonly sourceIndex: number;
    readonly make: (source: ShardChain) => Queued;
  }[];
}

/** The snapshot of a capture, as JSON with its cells in one bag. */
export function snapshotJson(c: ChainCapture): SnapshotJson {
  const cells = new CellTable();
  const [mc] = c.chains;
  if (mc?.top.mc === undefined) {
    throw new Error('a capture starts with the masterchain');
  }
  const envelope = (e: Queued['envelope']): z.infer<typeof EnvelopeJson> => ({
    curBits: e.curBits,
    nextBits: e.nextBits,
    fwdFeeRemaining: e.fwdFeeRemaining.toString(),
    message: cells.add(e.message),
  });
  const json: Omit<SnapshotJson, 'cells'> = {
    seqno: c.seqno,
    emulator: c.emulator,
    config: cells.add(c.config),
    configChanged: c.configChanged,
    chains: c.chains.map(({ top, totalValidatorFees }) => ({
      top: recordJson(top, cells),
      totalValidatorFees: totalValidatorFees.toString(),
      accounts: [...top.accounts.entries()].map(([id, e]) => ({
        id: id.toString(16),
        account: cells.add(e.account),
        balance: e.balance.toString(),
        lastTransHash: hex(e.lastTransHash),
        lastTransLt: e.lastTransLt.toString(),
      })),
      outQueue: [...top.outQueue.entries()].map(([key, e]) => ({
        key: key.toString(16),
        enqueuedLt: e.enqueuedLt.toString(),
        envelope: envelope(e.envelope),
      })),
    })),
    prevBlocks: packPrevBlocks(mc.top.mc.prevBlocks),
    keyBlocks: c.keyBlocks.map((r) => recordJson(r, cells)),
    queue: c.queue.map((q) => ({
      source: q.sourceIndex,
      envelope: envelope(q.envelope),
      queueKey: q.queueKey.toString(16),
      createdLt: q.createdLt.toString(),
    })),
  };
  return { ...json, cells: serializeBocMultiRoot(cells.roots).toString('base64') };
}

const buf = (h: string): Buffer => Buffer.from(h, 'hex');
const signatureOf = (s: { nodeIdShort: string; signature: string }): StoredSignature => ({
  nodeIdShort: buf(s.nodeIdShort),
  signature: buf(s.signature),
});
const idOf = (j: z.infer<typeof BlockIdJson>): BlockIdExt => ({
  workchain: j.workchain,
  shard: BigInt(`0x${j.shard}`),
  seqno: j.seqno,
  rootHash: buf(j.rootHash),
  fileHash: buf(j.fileHash),
});

function storedOf(j: z.infer<typeof StoredBlockJson>, cell: (i: number) => Cell): StoredBlock {
  const block = cell(j.block);
  const transactions: StoredTransaction[] = j.transactions.map((t) => {
    const txCell = cell(t.cell);
    return {
      address: Address.parse(t.address),
      lt: BigInt(t.lt),
      hash: txCell.hash(),
      cell: txCell,
      prevTransLt: BigInt(t.prevTransLt),
      prevTransHash: buf(t.prevTransHash),
      now: t.now,
    };
  });
  // The bytes the file hash was computed over (serializeBoc is deterministic).
  const blockBoc = serializeBoc(block);
  const stored: StoredBlock = {
    id: idOf(j.id),
    block,
    blockBoc,
    state: cell(j.state),
    startLt: BigInt(j.startLt),
    endLt: BigInt(j.endLt),
    genUtime: j.genUtime,
    isKeyBlock: j.isKeyBlock,
    prev: j.prev.map(idOf),
    mcSeqno: j.mcSeqno,
    transactions,
    ...(j.shardTops === undefined ? {} : { shardTops: j.shardTops.map(idOf) }),
    ...(j.signatures === undefined ? {} : { signatures: j.signatures.map(signatureOf) }),
    ...(j.simplex === undefined
      ? {}
      : {
          simplex: {
            sessionId: buf(j.simplex.sessionId),
            slot: j.simplex.slot,
            candidate: buf(j.simplex.candidate),
            signatures: j.simplex.signatures.map(signatureOf),
          },
        }),
    ...(j.prevKeyBlockSeqno === undefined ? {} : { prevKeyBlockSeqno: j.prevKeyBlockSeqno }),
  };
  if (!stored.id.fileHash.equals(sha256(blockBoc))) {
    throw new Error(`snapshot block ${String(j.id.seqno)}: file hash does not match its bytes`);
  }
  if (!block.hash().equals(stored.id.rootHash)) {
    throw new Error(`snapshot block ${String(j.id.seqno)}: root hash does not match its cell`);
  }
  return stored;
}

/** Reads a snapshot back into records and tries; throws when it is not consistent with itself. */
export function restoredChain(
  j: SnapshotJson,
  randSeedOf: (seqno: number) => Buffer,
  kept: number,
): RestoredChain {
  const roots = readBoc(Buffer.from(j.cells, 'base64'));
  const cell = (i: number): Cell => {
    const c = roots[i];
    if (c === undefined) {
      throw new Error(`snapshot cell ${String(i)} is not in its bag of cells`);
    }
    return c;
  };
  const prevBlocks = unpackPrevBlocks(j.prevBlocks);
  const envelopeOf = (e: z.infer<typeof EnvelopeJson>): EnqueuedMsg['envelope'] => ({
    curBits: e.curBits,
    nextBits: e.nextBits,
    fwdFeeRemaining: BigInt(e.fwdFeeRemaining),
    message: cell(e.message),
  });
  const chains = j.chains.map((c, index) => {
    const accountEntries: [bigint, ShardAccountEntry][] = c.accounts.map((a) => {
      const account = cell(a.account);
      const lastTransHash = buf(a.lastTransHash);
      const lastTransLt = BigInt(a.lastTransLt);
      const parsed = loadShardAccount(
        beginCell()
          .storeRef(account)
          .storeBuffer(lastTransHash, 32)
          .storeUint(lastTransLt, 64)
          .endCell()
          .beginParse(),
      );
      return [
        BigInt(`0x${a.id}`),
        { account, balance: BigInt(a.balance), lastTransHash, lastTransLt, parsed },
      ];
    });
    const accounts =
      accountEntries.length === 0
        ? emptyShardAccounts()
        : AugTrie.from(256, shardAccountsSpec, accountEntries);
    const queueEntries: [bigint, EnqueuedMsg][] = c.outQueue.map((q) => [
      BigInt(`0x${q.key}`),
      { enqueuedLt: BigInt(q.enqueuedLt), envelope: envelopeOf(q.envelope) },
    ]);
    const outQueue =
      queueEntries.length === 0
        ? emptyOutMsgQueue()
        : AugTrie.from(352, outMsgQueueSpec, queueEntries);
    const stored = storedOf(c.top.stored, cell);
    const chainPrevBlocks = index === 0 ? prevBlocks : emptyOldMcBlocks();
    const top: BlockRecord = {
      stored,
      accounts,
      outQueue,
      randSeed: randSeedOf(stored.id.seqno),
      feesCollected: BigInt(c.top.feesCollected),
      created: BigInt(c.top.created),
      ...(c.top.mc === undefined
        ? {}
        : {
            mc: {
              config: cell(c.top.mc.config),
              configBase64: c.top.mc.configBase64,
              libs: c.top.mc.libs === undefined ? undefined : cell(c.top.mc.libs),
              prevBlocks: chainPrevBlocks,
              globalBalance: BigInt(c.top.mc.globalBalance),
              // Filled by the chain once its blocks are in place (restoreChain, local-chain-snapshot.ts).
              prevBlocksInfo: { lastMcBlocks: [], prevKeyBlock: { ...stored.id } },
            },
          }),
    };
    // Build every node's cell now: an update reports the cells it replaces only where they were
    // built (AugTrie), and those are the cells the next block's Merkle update keeps unpruned.
    accounts.rootCell();
    outQueue.rootCell();
    chainPrevBlocks.rootCell();
    return {
      top,
      accounts,
      outQueue,
      prevBlocks: chainPrevBlocks,
      totalValidatorFees: BigInt(c.totalValidatorFees),
    };
  });
  const keyBlocks = j.keyBlocks.map((k) => keyBlockRecord(k, cell, kept));
  const queue = j.queue.map((q) => {
    const envelope = envelopeOf(q.envelope);
    return {
      sourceIndex: q.source,
      make: (source: ShardChain): Queued => ({
        kind: 'queued',
        message: loadMessage(envelope.message.beginParse()),
        source,
        envelope,
        queueKey: BigInt(`0x${q.queueKey}`),
        createdLt: BigInt(q.createdLt),
      }),
    };
  });
  return {
    seqno: j.seqno,
    emulator: j.emulator as unknown as SerializableSnapshot,
    config: cell(j.config),
    configChanged: j.configChanged,
    chains,
    keyBlocks,
    queue,
  };
}

/**
 * A key block from before the snapshot: its block, signatures and state cell stay (block proofs
 * start from key blocks); its state as structures (accounts for get-methods, the out queue, c7) was
 * not saved and reads as not kept.
 */
function keyBlockRecord(
  j: z.infer<typeof RecordJson>,
  cell: (i: number) => Cell,
  kept: number,
): BlockRecord {
  const stored = storedOf(j.stored, cell);
  const gone = (): never => {
    throw new StateNotKeptError(stored.id, kept);
  };
  const mc = j.mc;
  if (mc === undefined) {
    throw new Error(`snapshot key block ${String(stored.id.seqno)} is not a masterchain block`);
  }
  const record = {
    stored,
    feesCollected: BigInt(j.feesCollected),
    created: BigInt(j.created),
    mc: {
      config: cell(mc.config),
      configBase64: mc.configBase64,
      libs: mc.libs === undefined ? undefined : cell(mc.libs),
      globalBalance: BigInt(mc.globalBalance),
    },
  };
  for (const name of ['accounts', 'outQueue', 'randSeed'] as const) {
    Object.defineProperty(record, name, { get: gone, enumerable: true });
  }
  for (const name of ['prevBlocks', 'prevBlocksInfo'] as const) {
    Object.defineProperty(record.mc, name, { get: gone, enumerable: true });
  }
  return record as unknown as BlockRecord;
}
