import { performance } from 'node:perf_hooks';
import { Address, Cell, loadMessage } from '@ton/core';
import { z } from 'zod';
import {
  type ChainCapture,
  restoredChain,
  snapshotJson,
  SnapshotJson,
} from './chain/chain-snapshot';
import {
  type ChainHeader,
  ChainStore,
  type SavedChain,
  type SealRecord,
} from './chain/chain-store';
import type { StoredBlock } from './chain/chain-reader';
import { type LocalChain } from './chain/local-chain';
import { type SeedAccount } from './seeds';

export interface PersistentChainOptions {
  /** Where the chain's journal and snapshots live (e.g. `.data/localnet`). */
  readonly dir: string;
  /** Start a new chain even when the directory holds one. */
  readonly fresh: boolean;
  readonly shards: 1 | 2;
  readonly seed: string;
  /**
   * Masterchain blocks a restart produces again (from a snapshot and the journal after it): the
   * ones the history keeps (`blockHistory`; the localnet passes `stateHistory` when that is
   * unbounded). Older ones are dropped from the disk as they are from memory. Infinity: no
   * snapshots, the journal holds every block.
   */
  readonly retention: number;
  /** Masterchain blocks between snapshots; default snapshotInterval(retention). */
  readonly snapshotInterval?: number;
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
  /** The saved chain, produced again; false: a new chain. */
  readonly resumed: boolean;
  /** Resolves once the snapshots begun so far are written and compacted (tests, shutdown). */
  settled(): Promise<void>;
}

/** Snapshots are at least this many blocks apart: each writes the whole state. */
export const MIN_SNAPSHOT_INTERVAL = 100;

/**
 * Half the retention (at least MIN_SNAPSHOT_INTERVAL): the journal then holds at most about twice
 * the retention and the directory at most four snapshots (docs/local-network.md).
 */
export function snapshotInterval(retention: number): number {
  return Math.max(MIN_SNAPSHOT_INTERVAL, Math.ceil(retention / 2));
}

/**
 * A local chain that survives restarts: a new one, journaled as it is sealed, or the saved one
 * produced again. The emulator is deterministic given a block's time and its messages, so the
 * journal keeps only those (chain-store.ts); a restart restores the oldest snapshot kept
 * (chain-snapshot.ts) — or, without one, re-runs the seed — then re-runs every journaled block after
 * it with its recorded time and messages, checking each block's hash against the recorded one. A
 * journal that does not replay to the same blocks (made by another version, or by a change outside
 * the messages, such as an emulator account set directly) gives way to a new chain, with a log line.
 * With a finite retention the replay covers at most about twice the retention, whatever the chain's
 * age; `fresh` starts over.
 */
export async function openPersistentChain(o: PersistentChainOptions): Promise<PersistentChain> {
  if (o.fresh) {
    await ChainStore.remove(o.dir);
  } else {
    const saved = await ChainStore.load(o.dir);
    if (saved !== undefined) {
      if (saved.header.shards === o.shards && saved.header.seed === o.seed) {
        const resumed = await resume(saved, o);
        if (resumed !== undefined) {
          const head = resumed.chain.head().id.seqno;
          const store = await ChainStore.resume(o.dir, saved, head);
          return keepSaving(resumed.chain, resumed.accounts, store, o, true);
        }
      } else {
        o.logger?.warn(
          { dir: o.dir, journal: saved.header },
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
  return keepSaving(chain, accounts, store, o, false);
}

/** Journals every block from now on and, with a finite retention, snapshots and compacts. */
function keepSaving(
  chain: LocalChain,
  accounts: SeedAccount[],
  store: ChainStore,
  o: PersistentChainOptions,
  resumed: boolean,
): PersistentChain {
  chain.sealJournal = (record) => {
    store.append(record);
  };
  let work: Promise<void> = Promise.resolve();
  if (Number.isFinite(o.retention)) {
    const every = o.snapshotInterval ?? snapshotInterval(o.retention);
    chain.onBlock((block: StoredBlock) => {
      const seqno = block.id.seqno;
      if (seqno % every !== 0) {
        return;
      }
      // Captured inside the seal (the state of exactly this block); written after it.
      const capture = chain.captureSnapshot();
      const rotated = store.rotate(seqno);
      work = work
        .then(() => rotated)
        .then(() => saveSnapshot(store, capture, accounts, chain, o.retention))
        .catch((error: unknown) => {
          o.logger?.warn(
            { dir: o.dir, seqno, err: error instanceof Error ? error.message : String(error) },
            'could not write a snapshot of the local chain; the journal keeps growing until one is',
          );
        });
    });
  }
  return { chain, accounts, store, resumed, settled: () => work };
}

async function saveSnapshot(
  store: ChainStore,
  capture: ChainCapture,
  accounts: readonly SeedAccount[],
  chain: LocalChain,
  retention: number,
): Promise<void> {
  // Let the block producer go on before the state is serialised.
  await new Promise<void>((resolve) => setImmediate(resolve));
  await store.writeSnapshot(capture.seqno, {
    ...snapshotJson(capture),
    accounts: accounts.map(accountJson),
  });
  // The newest snapshot from which a restart still produces every block the history keeps.
  const firstKept = chain.head().id.seqno - retention + 1;
  const base = store.snapshots.filter((s) => s <= firstKept).at(-1);
  if (base !== undefined) {
    await store.compact(base);
  }
}

const AccountJson = z.object({
  name: z.string(),
  kind: z.string(),
  address: z.string(),
  walletVersion: z.string().optional(),
  publicKey: z.string().optional(),
  secretKey: z.string().optional(),
  mnemonic: z.array(z.string()).optional(),
  walletId: z.number().optional(),
  jettonMaster: z.string().optional(),
  owner: z.string().optional(),
  index: z.string().optional(),
});

function accountJson(a: SeedAccount): z.infer<typeof AccountJson> {
  return {
    name: a.name,
    kind: a.kind,
    address: a.address.toRawString(),
    ...(a.walletVersion === undefined ? {} : { walletVersion: a.walletVersion }),
    ...(a.publicKey === undefined ? {} : { publicKey: a.publicKey.toString('hex') }),
    ...(a.secretKey === undefined ? {} : { secretKey: a.secretKey.toString('hex') }),
    ...(a.mnemonic === undefined ? {} : { mnemonic: [...a.mnemonic] }),
    ...(a.walletId === undefined ? {} : { walletId: a.walletId }),
    ...(a.jettonMaster === undefined ? {} : { jettonMaster: a.jettonMaster.toRawString() }),
    ...(a.owner === undefined ? {} : { owner: a.owner.toRawString() }),
    ...(a.index === undefined ? {} : { index: a.index.toString() }),
  };
}

function accountOf(j: z.infer<typeof AccountJson>): SeedAccount {
  return {
    name: j.name,
    kind: j.kind as SeedAccount['kind'],
    address: Address.parse(j.address),
    ...(j.walletVersion === undefined
      ? {}
      : { walletVersion: j.walletVersion as NonNullable<SeedAccount['walletVersion']> }),
    ...(j.publicKey === undefined ? {} : { publicKey: Buffer.from(j.publicKey, 'hex') }),
    ...(j.secretKey === undefined ? {} : { secretKey: Buffer.from(j.secretKey, 'hex') }),
    ...(j.mnemonic === undefined ? {} : { mnemonic: j.mnemonic }),
    ...(j.walletId === undefined ? {} : { walletId: j.walletId }),
    ...(j.jettonMaster === undefined ? {} : { jettonMaster: Address.parse(j.jettonMaster) }),
    ...(j.owner === undefined ? {} : { owner: Address.parse(j.owner) }),
    ...(j.index === undefined ? {} : { index: BigInt(j.index) }),
  };
}

const SnapshotFile = SnapshotJson.extend({ accounts: z.array(AccountJson) });

/**
 * The saved chain produced again: from the oldest snapshot the journal follows on from (then the
 * next ones, should one not restore), else from the zero state and the seed when the journal starts
 * at block 1.
 */
async function resume(
  saved: SavedChain,
  o: PersistentChainOptions,
): Promise<{ chain: LocalChain; accounts: SeedAccount[] } | undefined> {
  const last = saved.first + saved.records.length - 1;
  const usable = saved.snapshots.filter((s) => s >= saved.first - 1 && s <= last);
  for (const seqno of usable) {
    const t0 = performance.now();
    const chain = await o.create(saved.header.startTime);
    let accounts: SeedAccount[];
    try {
      const file = SnapshotFile.parse(await ChainStore.readSnapshot(o.dir, seqno));
      if (file.seqno !== seqno) {
        throw new Error(`the file holds the snapshot of block ${String(file.seqno)}`);
      }
      await chain.restore(restoredChain(file, (s) => chain.randSeedOf(s), o.retention));
      accounts = file.accounts.map(accountOf);
    } catch (error) {
      chain.close();
      o.logger?.warn(
        { dir: o.dir, seqno, err: error instanceof Error ? error.message : String(error) },
        'a snapshot of the local chain could not be read; trying the next one',
      );
      continue;
    }
    const recorded = saved.records[seqno - saved.first];
    const restoredHash = chain.head().id.rootHash.toString('base64');
    const diverged =
      recorded !== undefined && recorded.rootHash !== restoredHash
        ? `the snapshot's block ${String(seqno)} is ${restoredHash}, the journal has ${recorded.rootHash}`
        : await replay(chain, saved, () => Promise.resolve(accounts));
    if (diverged === undefined) {
      o.logger?.info(
        {
          dir: o.dir,
          snapshot: seqno,
          blocks: last - seqno,
          seconds: Math.round(performance.now() - t0) / 1000,
        },
        `resumed the local chain from the snapshot of block ${String(seqno)} and ${String(last - seqno)} journaled blocks`,
      );
      return { chain, accounts };
    }
    chain.close();
    o.logger?.warn(
      { dir: o.dir, snapshot: seqno, reason: diverged },
      'the saved local chain could not be produced again from this snapshot',
    );
  }
  if (saved.first === 1) {
    const t0 = performance.now();
    const chain = await o.create(saved.header.startTime);
    let accounts: SeedAccount[] = [];
    const diverged = await replay(chain, saved, async (c) => {
      accounts = await o.runSeed(c);
      return accounts;
    });
    if (diverged === undefined) {
      o.logger?.info(
        {
          dir: o.dir,
          blocks: last,
          seconds: Math.round(performance.now() - t0) / 1000,
        },
        `resumed the local chain: ${String(last)} masterchain blocks produced again`,
      );
      return { chain, accounts };
    }
    chain.close();
    o.logger?.warn(
      { dir: o.dir, reason: diverged },
      'the saved local chain could not be produced again; a new chain starts',
    );
    return undefined;
  }
  o.logger?.warn(
    { dir: o.dir, snapshots: saved.snapshots, first: saved.first },
    'no snapshot of the saved local chain could be restored; a new chain starts',
  );
  return undefined;
}

/**
 * Seals the journal's blocks after the chain's head with their recorded times and messages; the
 * reason it stopped, or undefined once the chain's head is the journal's last block.
 */
async function replay(
  chain: LocalChain,
  saved: SavedChain,
  begin: (chain: LocalChain) => Promise<unknown>,
): Promise<string | undefined> {
  const { records, first } = saved;
  const recordOf = (seqno: number): SealRecord | undefined => records[seqno - first];
  const last = first + records.length - 1;
  chain.replayUtime = (seqno) => recordOf(seqno)?.genUtime;
  let diverged: string | undefined;
  const off = chain.onBlock((block: StoredBlock) => {
    const record = recordOf(block.id.seqno);
    const hash = block.id.rootHash.toString('base64');
    if (record === undefined) {
      diverged ??= `block ${String(block.id.seqno)} is past the end of the journal`;
    } else if (record.rootHash !== hash) {
      diverged ??= `block ${String(block.id.seqno)} is ${hash}, the journal has ${record.rootHash}`;
    }
  });
  try {
    await begin(chain);
    while (diverged === undefined && chain.head().id.seqno < last) {
      const record = recordOf(chain.head().id.seqno + 1);
      if (record === undefined) {
        diverged = `block ${String(chain.head().id.seqno + 1)} is not in the journal`;
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
    if (diverged === undefined && chain.head().id.seqno !== last) {
      diverged = 'the journal ends inside the seed';
    }
  } catch (error) {
    diverged ??= error instanceof Error ? error.message : String(error);
  } finally {
    off();
    chain.replayUtime = undefined;
  }
  return diverged;
}
