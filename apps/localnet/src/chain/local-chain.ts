import type { Address, Cell, Message, TupleItem } from '@ton/core';
import { Blockchain, LocalBlockchainStorage } from '@ton/sandbox';

import { masterchainValidatorsOf, validatorListHashShort } from '@app/ton';

import { BlockSealer } from './block-sealer';
import { ChainMutex } from './chain-mutex';
import type {
  BlockSelector,
  ChainReader,
  GetMethodResult,
  StoredBlock,
  StoredTransaction,
} from './chain-reader';
import type { ChainCapture, RestoredChain } from './chain-snapshot';
import type { SealRecord } from './chain-store';
import { EmulatorAccountSync } from './emulator-account-sync';
import { checkExternalMessage } from './external-message-check';
import { GetMethodRunner } from './get-method-runner';
import { HeadWaiters } from './head-waiters';
import { LibrariesRoot } from './libraries-root';
import { localConfig } from './local-config';
import {
  DEFAULT_GLOBAL_ID,
  DEFAULT_START_TIME,
  type LocalChainOptions,
} from './local-chain-options';
import { LocalChainReader } from './local-chain-reader';
import { GENESIS_SUPPLY } from './masterchain-block';
import { captureChain, restoreChain, type SnapshotParts } from './local-chain-snapshot';
import { createLocalValidators, type LocalValidator } from './local-validators';
import { MessageExecutor, type Pending } from './message-executor';
import { SealingConfig } from './sealing-config';
import { ShardChain } from './shard-chain';
import { DEFAULT_STATE_HISTORY } from './state-retention';
import { TransactionIndex } from './transaction-index';
import { buildZeroStates } from './zero-state';

export type { LocalChainOptions } from './local-chain-options';

/**
 * A local TON chain on top of the @ton/sandbox emulator. Each seal() executes the messages queued before
 * it (one emulator step per message, so the messages a transaction creates are processed in the next
 * block, as on the real chain), then produces one block per basechain shard and the masterchain block
 * that commits them: real TL-B cells with consistent hashes, Merkle updates, message descriptors, value
 * flow and validator signatures. The states of the last `stateHistory` masterchain blocks are kept, so
 * historical reads within them are exact; older blocks keep their contents and transactions, unless
 * they are older than `blockHistory` too (state-retention.ts).
 *
 * This class holds the message queue, the clock and the seal lifecycle; the work is done by the block
 * sealer (block-sealer.ts), the reader of the held blocks (local-chain-reader.ts) and the get-method
 * runner (get-method-runner.ts).
 */
export class LocalChain implements ChainReader {
  readonly globalId: number;
  private readonly mutex = new ChainMutex();
  private readonly reader: LocalChainReader;
  private readonly sealer: BlockSealer;
  private readonly getMethods: GetMethodRunner;
  private readonly sealingConfig: SealingConfig;
  private readonly transactions = new TransactionIndex();
  private readonly librariesRoot = new LibrariesRoot();
  private readonly validatorHash: number;
  private queue: Pending[] = [];
  private readonly blockListeners = new Set<(block: StoredBlock) => void>();
  private readonly queueListeners = new Set<() => void>();
  private readonly waiters = new HeadWaiters();
  private closed = false;
  /** Milliseconds the last seal took, and the largest so far. */
  lastSealMs = 0;
  maxSealMs = 0;
  /** The last seal split into emulator execution and block building (ms), with its transaction count. */
  lastSeal = { executeMs: 0, buildMs: 0, transactions: 0 };
  /** Receives each sealed block's inputs and hash, to journal them (chain-store.ts). */
  sealJournal: ((record: SealRecord) => void) | undefined;
  /** While a journal is replayed (chain-resume.ts): the recorded gen_utime of block `seqno`. */
  replayUtime: ((seqno: number) => number | undefined) | undefined;

  private constructor(
    readonly blockchain: Blockchain,
    storage: LocalBlockchainStorage | undefined,
    private readonly options: LocalChainOptions,
    validators: LocalValidator[],
    config: Cell,
  ) {
    this.globalId = options.globalId ?? DEFAULT_GLOBAL_ID;
    // The header names the masterchain pick of ConfigParam 34 (shuffled when ConfigParam 28 says so)
    // at catchain seqno 0, as a verifier of the signatures recomputes it.
    this.validatorHash = validatorListHashShort(0, masterchainValidatorsOf(config, 0));
    this.sealingConfig = new SealingConfig(
      blockchain,
      {
        globalId: this.globalId,
        validators,
        startTime: options.startTime ?? DEFAULT_START_TIME,
        globalVersion: options.globalVersion,
      },
      config,
    );
    const blocksKept = options.blockHistory ?? Number.POSITIVE_INFINITY;
    const statesKept = Math.min(options.stateHistory ?? DEFAULT_STATE_HISTORY, blocksKept);
    const shards =
      (options.shards ?? 1) === 2
        ? [new ShardChain(0, 0x4000000000000000n), new ShardChain(0, 0xc000000000000000n)]
        : [new ShardChain(0)];
    const reader = new LocalChainReader(new ShardChain(-1), shards, this.transactions, statesKept);
    this.reader = reader;
    this.sealer = new BlockSealer({
      blockchain,
      reader,
      transactions: this.transactions,
      config: this.sealingConfig,
      accounts: new EmulatorAccountSync(blockchain, storage, () => reader.allChains()),
      executor: new MessageExecutor(blockchain, (a) => reader.chainOf(a), options.logger),
      libraries: this.librariesRoot,
      globalId: this.globalId,
      validators,
      validatorHash: this.validatorHash,
      signatures: options.signatures ?? 'ordinary',
      statesKept,
      blocksKept,
    });
    this.getMethods = new GetMethodRunner(reader, options.logger);
  }

  /**
   * Builds the chain and its zero states. The process-wide speed-ups of @ton/core (installNativeSha256,
   * installFastBitOps) are the caller's: a process installs them once at its start.
   */
  static async create(options: LocalChainOptions = {}): Promise<LocalChain> {
    const shards: number = options.shards ?? 1;
    if (shards !== 1 && shards !== 2) {
      throw new Error('shards must be 1 or 2');
    }
    const storage = options.blockchain ? undefined : new LocalBlockchainStorage();
    const blockchain = options.blockchain ?? (await Blockchain.create({ storage }));
    if (!options.blockchain) {
      // Contracts' DUMP/STRDUMP debug output costs emulation time and nobody reads it here.
      blockchain.verbosity = { ...blockchain.verbosity, debugLogs: false, print: false };
    }
    const startTime = options.startTime ?? DEFAULT_START_TIME;
    const validators = createLocalValidators(options.validators ?? 3);
    const config = localConfig(
      blockchain.config,
      options.globalId ?? DEFAULT_GLOBAL_ID,
      validators,
      startTime,
      options.globalVersion,
    );
    blockchain.setConfig(config);
    blockchain.now = startTime;
    const chain = new LocalChain(blockchain, storage, options, validators, config);
    buildZeroStates({
      mc: chain.reader.mc,
      shards: chain.reader.shards,
      contracts: storage?.knownContracts() ?? [],
      globalId: chain.globalId,
      startTime,
      config,
      configBase64: blockchain.configBase64,
      libs: blockchain.libs,
      libraries: chain.librariesRoot.of(blockchain.libs),
      validatorListHashShort: chain.validatorHash,
      globalBalance: GENESIS_SUPPLY,
    });
    return chain;
  }

  // ------------------------------------------------------------------ producing

  /** Queues a message (external-in, or internal from any address) for the next block. */
  submit(message: Message, cell?: Cell): void {
    if (this.closed) {
      throw new Error('chain is closed');
    }
    if (message.info.type === 'external-out') {
      throw new Error('cannot submit an external-out message');
    }
    this.queue.push({
      kind: message.info.type === 'external-in' ? 'external' : 'injected',
      message,
      ...(cell === undefined ? {} : { cell }),
    });
    for (const l of this.queueListeners) {
      l();
    }
  }

  /** Number of messages waiting for the next block. */
  get pending(): number {
    return this.queue.length;
  }

  onBlock(listener: (block: StoredBlock) => void): () => void {
    this.blockListeners.add(listener);
    return () => this.blockListeners.delete(listener);
  }

  /** Called whenever a message is queued (the block producer's deterministic mode listens). */
  onQueued(listener: () => void): () => void {
    this.queueListeners.add(listener);
    return () => this.queueListeners.delete(listener);
  }

  /** Produces the next masterchain block and the shard blocks it commits; returns the mc block. */
  seal(): Promise<StoredBlock> {
    return this.mutex.run(() => this.sealLocked());
  }

  /** Seals until no message is queued; throws if that takes more than `maxBlocks` blocks. */
  async settle(maxBlocks = 64): Promise<void> {
    for (let i = 0; i < maxBlocks; i++) {
      if (this.queue.length === 0) {
        return;
      }
      await this.seal();
    }
    if (this.queue.length > 0) {
      throw new Error(`messages still queued after ${maxBlocks} blocks`);
    }
  }

  close(): void {
    this.closed = true;
    this.waiters.close();
    this.blockListeners.clear();
    this.queueListeners.clear();
  }

  /**
   * Installs a new base config (e.g. mainnet's): the chain keeps its own global id (param 19) and
   * validators (param 34); the next masterchain block is a key block carrying the new config.
   */
  setBaseConfig(base: Cell): void {
    this.sealingConfig.adopt(base);
  }

  /** The random seed of masterchain block `seqno` (and of the shard blocks it commits). */
  randSeedOf(seqno: number): Buffer {
    return this.sealer.randSeedOf(seqno);
  }

  /**
   * What a snapshot of the chain holds (chain-snapshot.ts), taken right after a seal: from a block
   * listener, or between seals. Cells and tries are immutable, so the capture can be written later.
   */
  captureSnapshot(): ChainCapture {
    return captureChain(this.snapshotParts(), this.queue);
  }

  /**
   * Puts a snapshot's state into this chain, made with the same options and not sealed yet: it then
   * holds its zero state, the key blocks and the snapshot's blocks, and goes on from them.
   */
  async restore(r: RestoredChain): Promise<void> {
    this.queue = await restoreChain(this.snapshotParts(), r);
  }

  // ------------------------------------------------------------------ ChainReader

  zeroState(): StoredBlock {
    return this.reader.zeroState();
  }

  head(): StoredBlock {
    return this.reader.head();
  }

  masterchainBlock(seqno: number): StoredBlock | undefined {
    return this.reader.masterchainBlock(seqno);
  }

  block(workchain: number, shard: bigint, seqno: number): StoredBlock | undefined {
    return this.reader.block(workchain, shard, seqno);
  }

  lookup(workchain: number, shard: bigint, by: BlockSelector): StoredBlock | undefined {
    return this.reader.lookup(workchain, shard, by);
  }

  shardTopsAt(mcSeqno: number): StoredBlock[] {
    return this.reader.shardTopsAt(mcSeqno);
  }

  accountBlockAt(mcSeqno: number, address: Address): StoredBlock {
    return this.reader.accountBlockAt(mcSeqno, address);
  }

  transaction(
    address: Address,
    lt: bigint,
  ): { tx: StoredTransaction; block: StoredBlock } | undefined {
    return this.reader.transaction(address, lt);
  }

  config(mcSeqno: number): Cell {
    return this.reader.config(mcSeqno);
  }

  libraries(hashes: readonly Buffer[]): { hash: Buffer; data: Cell }[] {
    return this.reader.libraries(hashes);
  }

  now(): number {
    return this.options.wallClock ? Math.floor(Date.now() / 1000) : this.head().genUtime;
  }

  waitForMasterchainSeqno(seqno: number, timeoutMs: number): Promise<boolean> {
    if (this.head().id.seqno >= seqno) {
      return Promise.resolve(true);
    }
    if (this.closed) {
      return Promise.resolve(false);
    }
    return this.waiters.wait(seqno, timeoutMs);
  }

  runGetMethod(
    mcSeqno: number,
    address: Address,
    methodId: number,
    stack: TupleItem[],
  ): Promise<GetMethodResult> {
    return this.getMethods.run(mcSeqno, address, methodId, stack);
  }

  async sendMessage(message: Cell): Promise<void> {
    const msg = await checkExternalMessage(this.blockchain, message, () => ({
      now: this.nextUtime(),
      prevBlocksInfo: this.reader.prevBlocksInfo(this.head().id.seqno),
    }));
    this.submit(msg, message);
  }

  // ------------------------------------------------------------------ internals

  private snapshotParts(): SnapshotParts {
    return {
      blockchain: this.blockchain,
      reader: this.reader,
      config: this.sealingConfig,
      transactions: this.transactions,
    };
  }

  /** gen_utime of the next block: the journal's while replaying, else deterministic or wall-clock time. */
  private nextUtime(): number {
    const replayed = this.replayUtime?.(this.head().id.seqno + 1);
    if (replayed !== undefined) {
      return replayed;
    }
    const last = this.head().genUtime;
    if (this.options.wallClock) {
      return Math.max(last, Math.floor(Date.now() / 1000));
    }
    return last + (this.options.blockInterval ?? 1);
  }

  private async sealLocked(): Promise<StoredBlock> {
    if (this.closed) {
      throw new Error('chain is closed');
    }
    const pending = this.queue;
    this.queue = [];
    const outcome = await this.sealer.seal({
      pending,
      genUtime: this.nextUtime(),
      requeue: (p) => this.queue.push(p),
      journal: (record) => {
        this.sealJournal?.(record);
      },
    });
    const { block, executeMs, buildMs, transactions } = outcome;
    this.lastSealMs = executeMs + buildMs;
    this.lastSeal = { executeMs, buildMs, transactions };
    this.maxSealMs = Math.max(this.maxSealMs, this.lastSealMs);
    this.notifySealed(block);
    return block;
  }

  private notifySealed(block: StoredBlock): void {
    this.waiters.sealed(block.id.seqno);
    for (const l of this.blockListeners) {
      try {
        l(block);
      } catch (err) {
        // A failing listener must not fail the seal that already happened.
        this.options.logger?.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'block listener failed',
        );
      }
    }
  }
}
