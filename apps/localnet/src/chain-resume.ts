import { performance } from 'node:perf_hooks';
import { Cell, loadMessage } from '@ton/core';
import { type ChainHeader, type Journal, ChainStore } from './chain/chain-store';
import type { StoredBlock } from './chain/chain-reader';
import { type LocalChain } from './chain/local-chain';
import { type SeedAccount } from './seeds';

export interface PersistentChainOptions {
  /** Where the chain's journal lives (e.g. `.data/localnet`). */
  readonly dir: string;
  /** Start a new chain even when the journal holds one. */
  readonly fresh: boolean;
  readonly shards: 1 | 2;
  readonly seed: string;
  /** Creates the chain with the zero state dated `startTime`. */
  create(startTime: number): Promise<LocalChain>;
  /** Runs the seed on a new chain (its blocks are sealed by the seed itself). */
  runSeed(chain: LocalChain): Promise<SeedAccount[]>;
  readonly logger?:
    { info(obj: object, msg: string): void; warn(obj: object, msg: string): void } | undefined;
}

export interface PersistentChain {
  readonly chain: LocalChain;
  readonly accounts: SeedAccount[];
  readonly store: ChainStore;
  /** The chain of the journal, produced again; false: a new chain. */
  readonly resumed: boolean;
}

/**
 * A local chain that survives restarts: a new one, journaled as it is sealed, or the journal's one
 * produced again. The emulator is deterministic given a block's time and its messages, so the
 * journal keeps only those (chain-store.ts) and a restart re-runs the seed and every block with
 * their recorded times and messages, checking each block's hash against the recorded one. A
 * journal that does not replay to the same blocks (made by another version, or by a change outside
 * the messages, such as an emulator account set directly) gives way to a new chain, with a log line.
 * The replay takes about as long as sealing those blocks did (empty blocks: a few milliseconds
 * each), so it grows with the chain's age; `fresh` starts over.
 */
export async function openPersistentChain(o: PersistentChainOptions): Promise<PersistentChain> {
  if (o.fresh) {
    await ChainStore.remove(o.dir);
  } else {
    const journal = await ChainStore.load(o.dir);
    if (journal !== undefined) {
      if (journal.header.shards === o.shards && journal.header.seed === o.seed) {
        const resumed = await replay(journal, o);
        if (resumed !== undefined) {
          const store = ChainStore.openForAppend(o.dir);
          resumed.chain.sealJournal = (record) => {
            store.append(record);
          };
          return { ...resumed, store, resumed: true };
        }
      } else {
        o.logger?.warn(
          { dir: o.dir, journal: journal.header },
          'the saved local chain was made with other settings (shards, seed); a new chain starts',
        );
      }
    }
  }
  const header: ChainHeader = {
    version: 1,
    startTime: Math.floor(Date.now() / 1000),
    shards: o.shards,
    seed: o.seed,
  };
  const chain = await o.create(header.startTime);
  const store = await ChainStore.create(o.dir, header);
  chain.sealJournal = (record) => {
    store.append(record);
  };
  const accounts = await o.runSeed(chain);
  return { chain, accounts, store, resumed: false };
}

async function replay(
  journal: Journal,
  o: PersistentChainOptions,
): Promise<{ chain: LocalChain; accounts: SeedAccount[] } | undefined> {
  const t0 = performance.now();
  const { records } = journal;
  const chain = await o.create(journal.header.startTime);
  chain.replayUtime = (seqno) => records[seqno - 1]?.genUtime;
  let diverged: string | undefined;
  const off = chain.onBlock((block: StoredBlock) => {
    const record = records[block.id.seqno - 1];
    const hash = block.id.rootHash.toString('base64');
    if (record === undefined) {
      diverged ??= `block ${String(block.id.seqno)} is past the end of the journal`;
    } else if (record.rootHash !== hash) {
      diverged ??= `block ${String(block.id.seqno)} is ${hash}, the journal has ${record.rootHash}`;
    }
  });
  try {
    const accounts = await o.runSeed(chain);
    while (diverged === undefined && chain.head().id.seqno < records.length) {
      const record = records[chain.head().id.seqno];
      if (record === undefined) {
        break;
      }
      if (record.config !== undefined) {
        chain.setBaseConfig(Cell.fromBase64(record.config));
      }
      for (const boc of record.messages) {
        const cell = Cell.fromBase64(boc);
        chain.submit(loadMessage(cell.beginParse()), cell);
      }
      await chain.seal();
    }
    if (diverged === undefined && chain.head().id.seqno === records.length) {
      o.logger?.info(
        {
          dir: o.dir,
          blocks: records.length,
          seconds: Math.round(performance.now() - t0) / 1000,
        },
        `resumed the local chain: ${String(records.length)} masterchain blocks produced again`,
      );
      return { chain, accounts };
    }
  } catch (error) {
    diverged ??= error instanceof Error ? error.message : String(error);
  } finally {
    off();
    chain.replayUtime = undefined;
  }
  chain.close();
  o.logger?.warn(
    { dir: o.dir, reason: diverged ?? 'the journal ends inside the seed' },
    'the saved local chain could not be produced again; a new chain starts',
  );
  return undefined;
}
