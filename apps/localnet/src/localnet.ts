import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { BlockProducer, type BlockProducerMode } from './chain/block-producer';
import { LocalChain } from './chain/local-chain';
import { type SignatureSetKind } from './chain/local-chain-options';
import { DEFAULT_STATE_HISTORY } from './chain/state-retention';
import { openPersistentChain, type PersistentChain } from './chain-resume';
import {
  type LiteServerNode,
  globalConfigJson,
  renderGlobalConfig,
  startLiteServers,
} from './liteserver';
import { type GlobalConfig } from './liteserver/global-config';
import {
  GenesisSeed,
  MAINNET_REPLAY_FIXTURE,
  MainnetReplaySeed,
  type SeedAccount,
  seedContextFor,
  writeAccountsFile,
} from './seeds';

export type LocalnetSeedName = 'genesis' | 'mainnet-replay' | 'none';

export interface LocalnetOptions {
  /** Initial content (default genesis). */
  readonly seed?: LocalnetSeedName;
  /** Liteservers on the one chain, each with its own key and port (default 1). */
  readonly liteservers?: number;
  /** timer (default): a block every `blockIntervalMs`; manual: only on demand; deterministic: a block
   *  as soon as a message is queued, then until the queue is empty. */
  readonly mode?: BlockProducerMode;
  readonly blockIntervalMs?: number;
  readonly shards?: 1 | 2;
  /** Masterchain blocks whose states are kept for historical reads (LocalChainOptions.stateHistory). */
  readonly stateHistory?: number;
  /** Masterchain blocks whose contents are kept (LocalChainOptions.blockHistory; default all). */
  readonly blockHistory?: number;
  /** What block proofs carry: ordinary or Simplex signature sets (LocalChainOptions.signatures). */
  readonly signatures?: SignatureSetKind;
  /** ConfigParam 8 version (LocalChainOptions.globalVersion). */
  readonly globalVersion?: number;
  readonly host?: string;
  /** First liteserver port (0 = ephemeral). */
  readonly basePort?: number;
  /** gen_utime from the wall clock (default in timer mode) or deterministic from `startTime`. */
  readonly wallClock?: boolean;
  /** gen_utime of the zero state; default: now on the wall clock, else LocalChain's fixed time. */
  readonly startTime?: number;
  /**
   * Where the chain is kept across restarts (chain-resume.ts): a restart produces the same chain
   * again and goes on from its head. Absent: a new chain every time.
   */
  readonly dataDir?: string;
  /** With `dataDir`: start a new chain even when one is kept there. */
  readonly fresh?: boolean;
  /** With `dataDir` and `blockHistory`: masterchain blocks between snapshots (chain-resume.ts). */
  readonly snapshotInterval?: number;
  /** Where to write the global config JSON and the seed's accounts JSON (nothing when absent). */
  readonly configOut?: string;
  readonly accountsOut?: string;
  /** Path of the mainnet replay fixture (default: fixtures/ under the working directory, or TON_FIXTURES_DIR). */
  readonly replayFixture?: string;
  readonly logger?: LocalnetLogger;
}

export interface LocalnetLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Localnet {
  readonly chain: LocalChain;
  readonly producer: BlockProducer;
  readonly liteservers: readonly LiteServerNode[];
  readonly globalConfig: GlobalConfig;
  /** The global config as JSON text (shards as exact int64). */
  readonly globalConfigText: string;
  readonly accounts: readonly SeedAccount[];
  stop(): Promise<void>;
}

/**
 * A whole local TON network: the chain, its seed, its liteservers and its block production. Used by
 * the CLI, by `npm start` and by tests.
 *
 * Starting a local network is a process's choice to run a chain, so the process-wide speed-ups of
 * @ton/core it relies on (libs/ton/src/perf: idempotent, same results) are installed here for the
 * tests and tools that embed it; LocalChain itself installs nothing.
 */
export async function startLocalnet(options: LocalnetOptions = {}): Promise<Localnet> {
  installNativeSha256();
  installFastBitOps();
  const mode = options.mode ?? 'timer';
  const wallClock = options.wallClock ?? mode === 'timer';
  // On the wall clock, the zero state is dated when the network starts, so each new chain has its
  // own zero state hash (as a reset testnet does) and an index of an earlier chain is told apart.
  const startTime = options.startTime ?? (wallClock ? Math.floor(Date.now() / 1000) : undefined);
  const create = (zeroStateTime: number | undefined): Promise<LocalChain> =>
    LocalChain.create({
      shards: options.shards ?? 1,
      ...(options.stateHistory === undefined ? {} : { stateHistory: options.stateHistory }),
      ...(options.blockHistory === undefined ? {} : { blockHistory: options.blockHistory }),
      ...(options.globalVersion === undefined ? {} : { globalVersion: options.globalVersion }),
      ...(options.signatures === undefined ? {} : { signatures: options.signatures }),
      wallClock,
      ...(zeroStateTime === undefined ? {} : { startTime: zeroStateTime }),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  let chain: LocalChain;
  let accounts: SeedAccount[];
  let persistent: PersistentChain | undefined;
  if (options.dataDir === undefined) {
    chain = await create(startTime);
    accounts = await runSeed(chain, options);
  } else {
    persistent = await openPersistentChain({
      dir: options.dataDir,
      fresh: options.fresh ?? false,
      shards: options.shards ?? 1,
      seed: options.seed ?? 'genesis',
      // The blocks a restart produces again: those the history keeps, or without a bound on it, those
      // whose states it keeps (older ones are not kept across a restart).
      retention: options.blockHistory ?? options.stateHistory ?? DEFAULT_STATE_HISTORY,
      ...(options.snapshotInterval === undefined
        ? {}
        : { snapshotInterval: options.snapshotInterval }),
      create,
      runSeed: (c) => runSeed(c, options),
      logger: options.logger,
    });
    ({ chain, accounts } = persistent);
  }
  const liteservers = await startLiteServers(chain, {
    count: options.liteservers ?? 1,
    host: options.host ?? '127.0.0.1',
    basePort: options.basePort ?? 0,
  });
  const globalConfig = renderGlobalConfig(
    liteservers.map((ls) => ls.endpoint),
    chain.zeroState().id,
  );
  const globalConfigText = globalConfigJson(globalConfig);
  if (options.configOut !== undefined) {
    await writeAtomically(options.configOut, globalConfigText);
  }
  if (options.accountsOut !== undefined) {
    await writeAccountsFile(options.accountsOut, accounts);
  }
  const producer = new BlockProducer(chain, {
    mode,
    intervalMs: options.blockIntervalMs ?? 400,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  producer.start();
  return {
    chain,
    producer,
    liteservers,
    globalConfig,
    globalConfigText,
    accounts,
    stop: async () => {
      await producer.stop();
      await Promise.all(liteservers.map((ls) => ls.close()));
      chain.close();
      await persistent?.settled();
      await persistent?.store.close();
    },
  };
}

async function runSeed(chain: LocalChain, options: LocalnetOptions): Promise<SeedAccount[]> {
  const ctx = seedContextFor(chain);
  switch (options.seed ?? 'genesis') {
    case 'genesis':
      return new GenesisSeed().run(ctx);
    case 'mainnet-replay': {
      const fixture = options.replayFixture ?? defaultReplayFixture();
      if (fixture === undefined) {
        throw new Error('the mainnet-replay seed needs the fixtures (set TON_FIXTURES_DIR)');
      }
      return new MainnetReplaySeed(fixture).run(ctx);
    }
    case 'none':
      return [];
  }
}

/** The replay fixture in the repository's fixtures/ folder (or TON_FIXTURES_DIR), when present. */
function defaultReplayFixture(): string | undefined {
  const dir = process.env.TON_FIXTURES_DIR ?? resolve(process.cwd(), 'fixtures');
  const path = resolve(dir, MAINNET_REPLAY_FIXTURE);
  return existsSync(path) ? path : undefined;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid.toString()}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}
