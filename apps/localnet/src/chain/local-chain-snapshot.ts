import { type Blockchain, snapshotFromSerializable, snapshotToSerializable } from '@ton/sandbox';

import type { ChainCapture, RestoredChain } from './chain-snapshot';
import { type LocalChainReader, toBlockId } from './local-chain-reader';
import type { Pending } from './message-executor';
import type { SealingConfig } from './sealing-config';
import type { BlockRecord } from './shard-chain';
import type { TransactionIndex } from './transaction-index';

/** The parts of a local chain a snapshot (chain-snapshot.ts) is taken from and put back into. */
export interface SnapshotParts {
  readonly blockchain: Blockchain;
  readonly reader: LocalChainReader;
  readonly config: SealingConfig;
  readonly transactions: TransactionIndex;
}

/**
 * What a snapshot of the chain holds, taken right after a seal: from a block listener, or between
 * seals. Cells and tries are immutable, so the capture can be written later.
 */
export function captureChain(parts: SnapshotParts, queue: readonly Pending[]): ChainCapture {
  const { blockchain, reader, config } = parts;
  const head = reader.head().id.seqno;
  const chains = reader.allChains();
  const keyBlocks: BlockRecord[] = [];
  for (let s = 1; s < head; s++) {
    const b = reader.mc.blocks[s];
    // Key blocks are never dropped by the retention, and one restored from a snapshot has no
    // state structures to copy: kept as they are.
    if (b?.stored.isKeyBlock === true) {
      keyBlocks.push(b);
    }
  }
  const queued = queue
    .filter((p): p is Extract<Pending, { kind: 'queued' }> => p.kind === 'queued')
    .map((p) => ({ ...p, sourceIndex: chains.indexOf(p.source) }));
  return {
    seqno: head,
    emulator: snapshotToSerializable({ ...blockchain.snapshot(), transactions: [] }),
    config: config.current,
    configChanged: config.changedSinceKeyBlock,
    chains: chains.map((c) => {
      const top = c.last();
      if (top.stored.mcSeqno !== head) {
        throw new Error('a snapshot is taken right after a seal');
      }
      return { top: heldNow(top), totalValidatorFees: c.totalValidatorFees };
    }),
    keyBlocks,
    queue: queued,
  };
}

/**
 * Puts a snapshot's state into a chain made with the same options and not sealed yet: it then
 * holds its zero state, the key blocks and the snapshot's blocks, and goes on from them. Returns the
 * messages queued for the next block.
 */
export async function restoreChain(parts: SnapshotParts, r: RestoredChain): Promise<Pending[]> {
  const { blockchain, reader, config, transactions } = parts;
  if (reader.head().id.seqno !== 0) {
    throw new Error('a snapshot is restored into a new chain');
  }
  const chains = reader.allChains();
  if (r.chains.length !== chains.length) {
    throw new Error(`the snapshot has ${String(r.chains.length - 1)} shards`);
  }
  await blockchain.loadFrom(snapshotFromSerializable(r.emulator));
  config.restore(r.config, r.configChanged);
  chains.forEach((chain, i) => {
    const c = r.chains[i];
    const id = c?.top.stored.id;
    if (c === undefined || id?.workchain !== chain.workchain || id.shard !== chain.shard) {
      throw new Error(`the snapshot's chain ${String(i)} is not this chain's`);
    }
    chain.accounts = c.accounts;
    chain.outQueue = c.outQueue;
    chain.prevBlocks = c.prevBlocks;
    chain.totalValidatorFees = c.totalValidatorFees;
    chain.blocks[id.seqno] = c.top;
    chain.tailStart = id.seqno;
  });
  const mc = reader.mc;
  for (const k of r.keyBlocks) {
    mc.blocks[k.stored.id.seqno] = k;
    mc.islands.push(k.stored.id.seqno);
  }
  mc.islands.sort((a, b) => a - b);
  const top = mc.last();
  if (top.mc) {
    const seqno = top.stored.id.seqno;
    Object.assign(top.mc, {
      prevBlocksInfo: {
        lastMcBlocks: reader.prevBlocksInfo(seqno).lastMcBlocks,
        prevKeyBlock: toBlockId(
          top.stored.isKeyBlock ? top.stored.id : reader.keyBlockAt(seqno - 1).id,
        ),
      },
    });
  }
  for (const rec of [...chains.map((c) => c.last()), ...r.keyBlocks]) {
    transactions.add(rec.stored);
  }
  return r.queue.map((q) => {
    const source = chains[q.sourceIndex];
    if (source === undefined) {
      throw new Error(`a queued message of the snapshot names chain ${String(q.sourceIndex)}`);
    }
    return q.make(source);
  });
}

/**
 * A copy of a block record holding its parts as values: the retention (state-retention.ts) replaces
 * a record's state with accessors that throw once it is past the history, which may happen before
 * a snapshot taken from it is written.
 */
function heldNow(r: BlockRecord): BlockRecord {
  return {
    // Spreading reads the lazy block's accessors (lazy-block.ts) into plain values.
    stored: { ...r.stored, transactions: r.stored.transactions.map((t) => ({ ...t })) },
    accounts: r.accounts,
    outQueue: r.outQueue,
    randSeed: r.randSeed,
    feesCollected: r.feesCollected,
    created: r.created,
    ...(r.mc === undefined
      ? {}
      : {
          mc: {
            config: r.mc.config,
            configBase64: r.mc.configBase64,
            libs: r.mc.libs,
            prevBlocks: r.mc.prevBlocks,
            globalBalance: r.mc.globalBalance,
            prevBlocksInfo: r.mc.prevBlocksInfo,
          },
        }),
  };
}
