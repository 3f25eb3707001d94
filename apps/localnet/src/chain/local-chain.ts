import { performance } from 'node:perf_hooks';

import {
  type Address,
  beginCell,
  Cell,
  Dictionary,
  loadMessage,
  type Message,
  parseTuple,
  type ShardAccount,
  storeMessage,
  storeShardAccount,
  type TupleItem,
} from '@ton/core';
import {
  Blockchain,
  type BlockId,
  Executor,
  LocalBlockchainStorage,
  type PrevBlocksInfo,
  type SmartContract,
  snapshotFromSerializable,
  snapshotToSerializable,
} from '@ton/sandbox';

import {
  buildShardFees,
  mcBlockExtraCell,
  mcStateExtraCell,
  MAX_GLOBAL_BALANCE,
  MIN_GLOBAL_BALANCE,
  CellInterner,
  shardAccountEntry,
  shardFeesKey,
  shardPrefixLength,
  shardIsAncestor,
  installFastBitOps,
  installNativeSha256,
  librariesRoot,
  masterchainValidatorsOf,
  RecoveringInstance,
  sha256,
  SHARD_FULL,
  storeShardHashes,
  validatorListHashShort,
} from '@app/ton';

import { assembleBlock, ChainWork } from './block-assembler';
import { ChainMutex } from './chain-mutex';
import type { ChainCapture, RestoredChain } from './chain-snapshot';
import type { SealRecord } from './chain-store';
import type {
  BlockIdExt,
  BlockSelector,
  ChainReader,
  GetMethodResult,
  StoredBlock,
  StoredTransaction,
} from './chain-reader';
import { withLazyBlock } from './lazy-block';
import { blockCreateFees, configAddress, globalVersion, localConfig } from './local-config';
import { createLocalValidators, type LocalValidator, signBlock } from './local-validators';
import { MessageExecutor, type Pending } from './message-executor';
import { droppedRecord } from './dropped-block';
import {
  BlockNotKeptError,
  DEFAULT_STATE_HISTORY,
  dropState,
  HistoryRetention,
} from './state-retention';
import { accountIdOf, type BlockRecord, extRef, ShardChain } from './shard-chain';
import { buildZeroStates, shardDescrOf } from './zero-state';

export interface LocalChainOptions {
  /** 1: one basechain shard; 2: shards 0x4000… and 0xc000… (split by the account id's first bit). */
  readonly shards?: 1 | 2;
  /** ConfigParam 19; mainnet is -239, testnet -3. */
  readonly globalId?: number;
  /** ConfigParam 8 version instead of the emulator config's (a network newer than the emulator). */
  readonly globalVersion?: number;
  /** gen_utime of the zero state (unix seconds). */
  readonly startTime?: number;
  /** Seconds between consecutive blocks' gen_utime in deterministic time (default 1). */
  readonly blockInterval?: number;
  /** Use the wall clock for gen_utime instead of deterministic time. */
  readonly wallClock?: boolean;
  /** Number of local ed25519 validators (default 3), derived from a fixed seed. */
  readonly validators?: number;
  /** An existing emulator; by default one is created whose account storage the chain can scan. */
  readonly blockchain?: Blockchain;
  /** Receives diagnostics (dropped messages). */
  readonly logger?: { warn(obj: object, msg: string): void };
  /**
   * How many of the latest masterchain blocks keep their states (and the shard states they commit)
   * for historical reads; older blocks keep their contents and transactions only. Default
   * DEFAULT_STATE_HISTORY; `Infinity` keeps every state.
   */
  readonly stateHistory?: number;
  /**
   * How many of the latest masterchain blocks keep their contents (cells, BoC, transactions) with
   * the shard blocks they commit; older ones keep their ids only, and key blocks stay whole. Default
   * `Infinity`: every block. A bound makes a long-running network's memory flat; states are kept for
   * at most as many blocks.
   */
  readonly blockHistory?: number;
}

const DEFAULT_GLOBAL_ID = -217;
const DEFAULT_START_TIME = 1_700_000_000;
/** Total supply of the zero state: mainnet-like, inside the [2^56, 2^62) McStateExtra quirk window. */
const GENESIS_SUPPLY = 4_000_000_000n * 1_000_000_000n;
const GET_METHOD_GAS_LIMIT = 10_000_000n;
const LT_STEP = 1_000_000n;

/** Keeps global_balance inside the window @ton/core can read (see mcStateExtraCell). */
function clampGlobalBalance(v: bigint): bigint {
  return v < MIN_GLOBAL_BALANCE
    ? MIN_GLOBAL_BALANCE
    : v > MAX_GLOBAL_BALANCE
      ? MAX_GLOBAL_BALANCE
      : v;
}

function toBlockId(id: BlockIdExt): BlockId {
  return { ...id };
}

/**
 * Deepest external message the local network emulates. A validator takes up to config param 43's
 * max_msg_depth (512), but the emulator (@ton/sandbox 0.41) never returns on externals 430–512 cells
 * deep (found by the gateway's hostile corpus), which would stop the chain; the gateway's sendBoc
 * refuses beyond 256 as well.
 */
const MAX_EXTERNAL_DEPTH = 256;

/**
 * A local TON chain on top of the @ton/sandbox emulator. Each seal() executes the messages queued before
 * it (one emulator step per message, so the messages a transaction creates are processed in the next
 * block, as on the real chain), then produces one block per basechain shard and the masterchain block
 * that commits them: real TL-B cells with consistent hashes, Merkle updates, message descriptors, value
 * flow and validator signatures. The states of the last `stateHistory` masterchain blocks are kept, so
 * historical reads within them are exact; older blocks keep their contents and transactions, unless
 * they are older than `blockHistory` too (state-retention.ts).
 */
export class LocalChain implements ChainReader {
  readonly globalId: number;
  private readonly mutex = new ChainMutex();
  private readonly executor: MessageExecutor;
  /**
   * Get-methods run on an emulator instance of their own, not the chain's: lite_api runSmcMethod takes
   * a stack from any lite client, and an instance it traps fails every later call; here it is
   * replaced (RecoveringInstance) and block production, on the chain's instance, never sees it.
   */
  private readonly getMethodExecutors: RecoveringInstance<Executor>;
  private readonly mc: ShardChain;
  private readonly shards: ShardChain[];
  private readonly validators: LocalValidator[];
  private readonly validatorHash: number;
  private queue: Pending[] = [];
  private readonly txIndex = new Map<string, { tx: StoredTransaction; block: StoredBlock }>();
  private readonly blockListeners = new Set<(block: StoredBlock) => void>();
  private readonly queueListeners = new Set<() => void>();
  private readonly waiters = new Set<{ seqno: number; resolve: (ok: boolean) => void }>();
  private closed = false;
  private readonly seenObjects = new WeakMap<SmartContract, ShardAccount>();
  /** Shares code and data cells between the account versions every block keeps. */
  private readonly cellInterner = new CellInterner();
  private readonly stateRetention: HistoryRetention;
  private readonly blockRetention: HistoryRetention;
  private currentConfig: Cell;
  /** The emulator config string last installed by the chain (detects direct setConfig calls). */
  private configBase64: string;
  private configChanged = false;
  private readonly startTime: number;
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
    private readonly storage: LocalBlockchainStorage | undefined,
    private readonly options: LocalChainOptions,
    validators: LocalValidator[],
    config: Cell,
  ) {
    this.globalId = options.globalId ?? DEFAULT_GLOBAL_ID;
    this.validators = validators;
    // The header names the masterchain pick of ConfigParam 34 (shuffled when ConfigParam 28 says so)
    // at catchain seqno 0, as a verifier of the signatures recomputes it.
    this.validatorHash = validatorListHashShort(0, masterchainValidatorsOf(config, 0));
    this.currentConfig = config;
    this.configBase64 = blockchain.configBase64;
    this.startTime = options.startTime ?? DEFAULT_START_TIME;
    this.mc = new ShardChain(-1);
    const blocksKept = options.blockHistory ?? Number.POSITIVE_INFINITY;
    const statesKept = Math.min(options.stateHistory ?? DEFAULT_STATE_HISTORY, blocksKept);
    this.stateRetention = new HistoryRetention(
      statesKept,
      (_chain, _index, record) => {
        dropState(record, statesKept);
      },
      'stateHistory',
    );
    this.blockRetention = new HistoryRetention(
      blocksKept,
      (chain, index, record) => {
        for (const tx of record.stored.transactions) {
          this.txIndex.delete(`${tx.address.toRawString()}:${tx.lt}`);
        }
        chain.blocks[index] = droppedRecord(record, blocksKept);
      },
      'blockHistory',
    );
    this.executor = new MessageExecutor(blockchain, (a) => this.chainOf(a), options.logger);
    this.getMethodExecutors = new RecoveringInstance(
      () => Executor.create(),
      (error) => {
        options.logger?.warn({ err: error }, 'get-method emulator failed: instance replaced');
      },
    );
    this.shards =
      (options.shards ?? 1) === 2
        ? [new ShardChain(0, 0x4000000000000000n), new ShardChain(0, 0xc000000000000000n)]
        : [new ShardChain(0)];
  }

  static async create(options: LocalChainOptions = {}): Promise<LocalChain> {
    // Cell hashing and bit reads dominate block building: node:crypto's SHA-256 and whole-byte reads.
    installNativeSha256();
    installFastBitOps();
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
      mc: chain.mc,
      shards: chain.shards,
      contracts: storage?.knownContracts() ?? [],
      globalId: chain.globalId,
      startTime,
      config,
      configBase64: blockchain.configBase64,
      libs: blockchain.libs,
      libraries: chain.librariesOf(blockchain.libs),
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
    for (const w of this.waiters) {
      w.resolve(false);
    }
    this.waiters.clear();
    this.blockListeners.clear();
    this.queueListeners.clear();
  }

  // ------------------------------------------------------------------ ChainReader

  zeroState(): StoredBlock {
    const b = this.mc.blocks[0];
    if (!b) {
      throw new Error('no zero state');
    }
    return b.stored;
  }

  head(): StoredBlock {
    return this.mc.last().stored;
  }

  masterchainBlock(seqno: number): StoredBlock | undefined {
    return this.mc.blocks[seqno]?.stored;
  }

  block(workchain: number, shard: bigint, seqno: number): StoredBlock | undefined {
    const chain = this.allChains().find((c) => c.workchain === workchain && c.shard === shard);
    return chain?.blocks[seqno]?.stored;
  }

  lookup(workchain: number, shard: bigint, by: BlockSelector): StoredBlock | undefined {
    const chain = this.allChains().find(
      (c) =>
        c.workchain === workchain &&
        (shardIsAncestor(c.shard, shard) || shardIsAncestor(shard, c.shard)),
    );
    if (!chain) {
      return undefined;
    }
    const blocks = chain.blocks;
    if ('seqno' in by) {
      return blocks[by.seqno]?.stored;
    }
    // An index among blocks no longer held (-1) finds nothing, as a block past the history would.
    if ('lt' in by) {
      return blocks[chain.firstIndexWhere((b) => b.stored.endLt > by.lt)]?.stored;
    }
    // The last block generated at or before utime.
    const after = chain.firstIndexWhere((b) => b.stored.genUtime > by.utime);
    return after < 0 ? undefined : blocks[after - 1]?.stored;
  }

  shardTopsAt(mcSeqno: number): StoredBlock[] {
    if (!this.mc.blocks[mcSeqno]) {
      return [];
    }
    return this.shards.map((c) => this.shardTop(c, mcSeqno).stored);
  }

  accountBlockAt(mcSeqno: number, address: Address): StoredBlock {
    return this.accountRecordAt(mcSeqno, address).stored;
  }

  transaction(
    address: Address,
    lt: bigint,
  ): { tx: StoredTransaction; block: StoredBlock } | undefined {
    return this.txIndex.get(`${address.toRawString()}:${lt}`);
  }

  config(mcSeqno: number): Cell {
    const rec = this.mc.blocks[mcSeqno];
    if (!rec?.mc) {
      throw new Error(`masterchain block ${mcSeqno} not found`);
    }
    return rec.mc.config;
  }

  libraries(hashes: readonly Buffer[]): { hash: Buffer; data: Cell }[] {
    const libs = this.mc.last().mc?.libs;
    if (!libs) {
      return [];
    }
    const dict = Dictionary.loadDirect(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell(), libs);
    return hashes.flatMap((hash) => {
      const data = dict.get(hash);
      return data ? [{ hash, data }] : [];
    });
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
    return new Promise((resolve) => {
      const waiter = {
        seqno,
        resolve: (ok: boolean): void => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => {
        waiter.resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  async runGetMethod(
    mcSeqno: number,
    address: Address,
    methodId: number,
    stack: TupleItem[],
  ): Promise<GetMethodResult> {
    const mcRec = this.mc.blocks[mcSeqno];
    if (!mcRec?.mc) {
      throw new Error(`masterchain block ${mcSeqno} not found`);
    }
    const rec = this.accountRecordAt(mcSeqno, address);
    const account = rec.accounts.get(accountIdOf(address))?.parsed.account;
    const state = account?.storage.state;
    if (!account || state?.type !== 'active' || !state.state.code || !state.state.data) {
      // As the C++ liteserver answers runSmcMethod for an absent or uninitialised account.
      return { exitCode: -256, gasUsed: 0n, stack: [] };
    }
    const args = {
      code: state.state.code,
      data: state.state.data,
      methodId,
      stack,
      config: mcRec.mc.configBase64,
      verbosity: 'short' as const,
      libs: mcRec.mc.libs,
      address,
      unixTime: mcRec.stored.genUtime,
      balance: account.storage.balance.coins,
      randomSeed: mcRec.randSeed,
      gasLimit: GET_METHOD_GAS_LIMIT,
      debugEnabled: false,
      prevBlocksInfo: mcRec.mc.prevBlocksInfo,
    };
    const res = await this.getMethodExecutors.run((executor) => executor.runGetMethod(args));
    if (!res.output.success) {
      throw new Error(`get-method failed: ${res.output.error}`);
    }
    const exitCode = res.output.vm_exit_code;
    let out: TupleItem[] = [];
    if (exitCode === 0 || exitCode === 1) {
      out = parseTuple(Cell.fromBase64(res.output.stack));
    }
    return { exitCode, gasUsed: BigInt(res.output.gas_used), stack: out };
  }

  async sendMessage(message: Cell): Promise<void> {
    if (message.depth() > MAX_EXTERNAL_DEPTH) {
      throw new Error(
        `message too deep: depth ${String(message.depth())}, at most ${String(MAX_EXTERNAL_DEPTH)} on the local network`,
      );
    }
    let msg: Message;
    try {
      msg = loadMessage(message.beginParse());
    } catch {
      throw new Error('cannot deserialize external message');
    }
    if (msg.info.type !== 'external-in') {
      throw new Error('external message must be an inbound external message');
    }
    const contract = await this.blockchain.getContract(msg.info.dest);
    const res = await this.blockchain.executor.runTransaction({
      config: this.blockchain.configBase64,
      libs: this.blockchain.libs ?? null,
      verbosity: 'short',
      shardAccount: beginCell()
        .store(storeShardAccount(contract.account))
        .endCell()
        .toBoc()
        .toString('base64'),
      now: this.nextUtime(),
      lt: this.blockchain.lt + LT_STEP,
      randomSeed: Buffer.alloc(32),
      ignoreChksig: false,
      debugEnabled: false,
      message,
      prevBlocksInfo: this.prevBlocksInfo(this.head().id.seqno),
    });
    if (!res.result.success) {
      const code = res.result.vmResults ? ` (exit code ${res.result.vmResults.vmExitCode})` : '';
      // The reason of the C++ liteserver's answer to a message the contract does not accept; the
      // sendMessage handler puts its "cannot apply external message to current state : " before it.
      throw new Error(`External message was not accepted${code}: ${res.result.error}`);
    }
    this.submit(msg, message);
  }

  // ------------------------------------------------------------------ internals

  private configFactsCache?: {
    config: Cell;
    facts: {
      fees: { masterchain: bigint; basechain: bigint };
      genSoftware: { version: number; capabilities: bigint } | undefined;
      address: Buffer;
    };
  };

  /** Values read from the config for every block, parsed once per config. */
  private configFacts(): NonNullable<LocalChain['configFactsCache']>['facts'] {
    const config = this.currentConfig;
    if (this.configFactsCache?.config !== config) {
      this.configFactsCache = {
        config,
        facts: {
          fees: blockCreateFees(config),
          genSoftware: globalVersion(config),
          address: configAddress(config),
        },
      };
    }
    return this.configFactsCache.facts;
  }

  private allChains(): ShardChain[] {
    return [this.mc, ...this.shards];
  }

  private chainOf(address: Address): ShardChain {
    const chain = this.allChains().find((c) => c.contains(address));
    if (!chain) {
      throw new Error(`no shard of this chain holds ${address.toRawString()}`);
    }
    return chain;
  }

  private shardTop(chain: ShardChain, mcSeqno: number): BlockRecord {
    // The last block committed at or before masterchain mcSeqno.
    const after = chain.firstIndexWhere((b) => b.stored.mcSeqno > mcSeqno);
    const top = after < 0 ? undefined : chain.blocks[after - 1];
    const mcBlock = this.mc.blocks[mcSeqno];
    if (!top && mcBlock) {
      // A key block kept from before the snapshot a resumed chain started from: the shard block it
      // committed is not held, as happens to it past the history (blockHistory).
      throw new BlockNotKeptError(
        mcBlock.stored.id,
        Math.min(this.blockRetention.kept, this.stateRetention.kept),
      );
    }
    if (!top) {
      throw new Error(
        `no block of ${chain.workchain}:${chain.shard.toString(16)} at mc ${mcSeqno}`,
      );
    }
    return top;
  }

  private accountRecordAt(mcSeqno: number, address: Address): BlockRecord {
    if (!this.mc.blocks[mcSeqno]) {
      throw new Error(`masterchain block ${mcSeqno} not found`);
    }
    const chain = this.chainOf(address);
    return this.shardTop(chain, mcSeqno);
  }

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

  /** c7 prev_blocks for code running on the state after masterchain block `seqno`. */
  private prevBlocksInfo(seqno: number): PrevBlocksInfo {
    const lastMcBlocks: BlockId[] = [];
    for (let s = seqno; s >= 0 && lastMcBlocks.length < 16; s--) {
      const b = this.mc.blocks[s];
      if (b) {
        lastMcBlocks.push(toBlockId(b.stored.id));
      } else {
        // Not held since a resume from a snapshot: the masterchain state's OldMcBlocksInfo has it.
        const old = this.mc.prevBlocks.get(BigInt(s))?.ref;
        if (old) {
          lastMcBlocks.push({
            workchain: -1,
            shard: SHARD_FULL,
            seqno: old.seqno,
            rootHash: old.rootHash,
            fileHash: old.fileHash,
          });
        }
      }
    }
    return { lastMcBlocks, prevKeyBlock: toBlockId(this.keyBlockAt(seqno).id) };
  }

  /** All emulator accounts (when the chain owns the storage and `all` is set), else the touched ones. */
  private knownContracts(
    touched: Iterable<Address>,
    all: boolean,
  ): Promise<SmartContract[]> | SmartContract[] {
    if (this.storage && all) {
      return this.storage.knownContracts();
    }
    return Promise.all([...touched].map((a) => this.blockchain.getContract(a)));
  }

  /** Puts changed emulator accounts (all known ones, or only the touched ones) into ShardAccounts. */
  private async syncAccounts(
    touched: Map<string, Address>,
    work: Map<ShardChain, ChainWork>,
    all: boolean,
  ): Promise<void> {
    for (const sc of await this.knownContracts(touched.values(), all)) {
      const sa: ShardAccount = sc.account;
      // The emulator replaces the parsed ShardAccount object whenever the account changes.
      if (this.seenObjects.get(sc) === sa) {
        continue;
      }
      this.seenObjects.set(sc, sa);
      const chain = this.allChains().find((c) => c.contains(sc.address));
      if (!chain) {
        continue;
      }
      const id = accountIdOf(sc.address);
      if (chain.seen.get(id) === sa) {
        continue;
      }
      chain.seen.set(id, sa);
      const w = work.get(chain);
      if (!w) {
        continue;
      }
      const before = chain.accounts.get(id);
      const entry = shardAccountEntry(sa, this.cellInterner);
      const remember = (c: Cell): void => {
        w.oldKeep.add(c.hash().toString('hex'));
      };
      if (entry && before?.account.hash().equals(entry.account.hash())) {
        continue;
      }
      chain.accounts = entry
        ? chain.accounts.set(id, entry, remember)
        : chain.accounts.delete(id, remember);
      if (before) {
        w.oldKeep.add(before.account.hash().toString('hex'));
      }
      if (!touched.has(sc.address.toRawString())) {
        const delta = (entry?.balance ?? 0n) - (before?.balance ?? 0n);
        if (delta > 0n) {
          w.minted += delta;
        } else {
          w.burned -= delta;
        }
      }
    }
  }

  private librariesCache?: { libs: Cell; root: Cell | undefined };

  /** The masterchain state's libraries root for the emulator's libraries (built once per change). */
  private librariesOf(libs: Cell | undefined): Cell | undefined {
    if (!libs) {
      return undefined;
    }
    if (this.librariesCache?.libs.hash().equals(libs.hash()) !== true) {
      const dict = Dictionary.loadDirect(
        Dictionary.Keys.BigUint(256),
        Dictionary.Values.Cell(),
        libs,
      );
      // The emulator does not record who published a library; the zero account id stands in.
      const root = librariesRoot(
        new Map([...dict].map(([hash, lib]) => [hash, { lib, publishers: [0n] }])),
      );
      this.librariesCache = { libs, root };
    }
    return this.librariesCache.root;
  }

  /** The latest key block at or before masterchain `seqno`. */
  private keyBlockAt(seqno: number): StoredBlock {
    for (let s = seqno; s > 0; s--) {
      const b = this.mc.blocks[s];
      if (b?.stored.isKeyBlock) {
        return b.stored;
      }
    }
    return this.zeroState();
  }

  /**
   * Installs a new base config (e.g. mainnet's): the chain keeps its own global id (param 19) and
   * validators (param 34); the next masterchain block is a key block carrying the new config.
   */
  setBaseConfig(base: Cell): void {
    this.adoptConfig(base);
  }

  /**
   * What a snapshot of the chain holds (chain-snapshot.ts), taken right after a seal: from a block
   * listener, or between seals. Cells and tries are immutable, so the capture can be written later.
   */
  captureSnapshot(): ChainCapture {
    const head = this.head().id.seqno;
    const chains = this.allChains();
    const keyBlocks: BlockRecord[] = [];
    for (let s = 1; s < head; s++) {
      const b = this.mc.blocks[s];
      // Key blocks are never dropped by the retention, and one restored from a snapshot has no
      // state structures to copy: kept as they are.
      if (b?.stored.isKeyBlock === true) {
        keyBlocks.push(b);
      }
    }
    const queue = this.queue
      .filter((p): p is Extract<Pending, { kind: 'queued' }> => p.kind === 'queued')
      .map((p) => ({ ...p, sourceIndex: chains.indexOf(p.source) }));
    return {
      seqno: head,
      emulator: snapshotToSerializable({ ...this.blockchain.snapshot(), transactions: [] }),
      config: this.currentConfig,
      configChanged: this.configChanged,
      chains: chains.map((c) => {
        const top = c.last();
        if (top.stored.mcSeqno !== head) {
          throw new Error('a snapshot is taken right after a seal');
        }
        return { top: heldNow(top), totalValidatorFees: c.totalValidatorFees };
      }),
      keyBlocks,
      queue,
    };
  }

  /**
   * Puts a snapshot's state into this chain, made with the same options and not sealed yet: it then
   * holds its zero state, the key blocks and the snapshot's blocks, and goes on from them.
   */
  async restore(r: RestoredChain): Promise<void> {
    if (this.head().id.seqno !== 0) {
      throw new Error('a snapshot is restored into a new chain');
    }
    const chains = this.allChains();
    if (r.chains.length !== chains.length) {
      throw new Error(`the snapshot has ${String(r.chains.length - 1)} shards`);
    }
    await this.blockchain.loadFrom(snapshotFromSerializable(r.emulator));
    this.currentConfig = r.config;
    this.configBase64 = this.blockchain.configBase64;
    this.configChanged = r.configChanged;
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
    for (const k of r.keyBlocks) {
      this.mc.blocks[k.stored.id.seqno] = k;
      this.mc.islands.push(k.stored.id.seqno);
    }
    this.mc.islands.sort((a, b) => a - b);
    const top = this.mc.last();
    if (top.mc) {
      const seqno = top.stored.id.seqno;
      Object.assign(top.mc, {
        prevBlocksInfo: {
          lastMcBlocks: this.prevBlocksInfo(seqno).lastMcBlocks,
          prevKeyBlock: toBlockId(
            top.stored.isKeyBlock ? top.stored.id : this.keyBlockAt(seqno - 1).id,
          ),
        },
      });
    }
    for (const rec of [...chains.map((c) => c.last()), ...r.keyBlocks]) {
      for (const tx of rec.stored.transactions) {
        this.txIndex.set(`${tx.address.toRawString()}:${tx.lt}`, { tx, block: rec.stored });
      }
    }
    this.queue = r.queue.map((q) => {
      const source = chains[q.sourceIndex];
      if (source === undefined) {
        throw new Error(`a queued message of the snapshot names chain ${String(q.sourceIndex)}`);
      }
      return q.make(source);
    });
  }

  /** The random seed of masterchain block `seqno` (and of the shard blocks it commits). */
  randSeedOf(seqno: number): Buffer {
    return sha256(Buffer.from(`localnet:${this.globalId}:${seqno}`));
  }

  private adoptConfig(base: Cell): void {
    this.currentConfig = localConfig(
      base,
      this.globalId,
      this.validators,
      this.startTime,
      this.options.globalVersion,
    );
    this.blockchain.setConfig(this.currentConfig);
    this.configBase64 = this.blockchain.configBase64;
    this.configChanged = true;
  }

  private async sealLocked(): Promise<StoredBlock> {
    if (this.closed) {
      throw new Error('chain is closed');
    }
    const t0 = performance.now();
    if (this.blockchain.configBase64 !== this.configBase64) {
      // blockchain.setConfig was called directly: adopt it as the base of the chain's config.
      this.adoptConfig(this.blockchain.config);
    }
    const keyBlock = this.configChanged;
    this.configChanged = false;
    const prevMc = this.mc.last();
    const prevKey = this.keyBlockAt(prevMc.stored.id.seqno);
    const seqno = prevMc.stored.id.seqno + 1;
    const genUtime = this.nextUtime();
    const randSeed = this.randSeedOf(seqno);
    const ltBefore = this.blockchain.lt;
    this.blockchain.now = genUtime;
    this.blockchain.prevBlocks = this.prevBlocksInfo(prevMc.stored.id.seqno);
    const work = new Map<ShardChain, ChainWork>(this.allChains().map((c) => [c, new ChainWork()]));
    const touched = new Map<string, Address>();
    // Messages from the out queues first, by creation lt; then injected and external ones, in order.
    const pending = this.queue;
    this.queue = [];
    const queued = pending
      .filter((p): p is Extract<Pending, { kind: 'queued' }> => p.kind === 'queued')
      .sort((a, b) => (a.createdLt < b.createdLt ? -1 : a.createdLt > b.createdLt ? 1 : 0));
    const others = pending.filter(
      (p): p is Exclude<Pending, { kind: 'queued' }> => p.kind !== 'queued',
    );
    // Emulator state changed since the last block outside transactions (treasuries, setShardAccount)
    // enters this block's state first, booked as minted (or exported) value. This scan walks every
    // emulator account (object identity checks); after the transactions only the touched ones are read.
    await this.syncAccounts(new Map(), work, true);
    for (const item of [...queued, ...others]) {
      await this.executor.execute(item, {
        work,
        touched,
        now: genUtime,
        randSeed,
        requeue: (p) => this.queue.push(p),
      });
    }
    await this.syncAccounts(touched, work, false);
    const tBuild = performance.now();
    const { fees, genSoftware, address: cfgAddress } = this.configFacts();
    const ltRange = (chain: ShardChain, w: ChainWork): { startLt: bigint; endLt: bigint } => {
      const startLt = chain.last().stored.endLt > ltBefore ? chain.last().stored.endLt : ltBefore;
      let endLt = startLt + 1n;
      for (const t of w.txs) {
        const last = t.tx.lt + BigInt(t.tx.outMessagesCount) + 1n;
        if (last > endLt) {
          endLt = last;
        }
      }
      return { startLt, endLt };
    };
    const ranges = new Map(
      this.allChains().map((c) => [c, ltRange(c, work.get(c) ?? new ChainWork())] as const),
    );
    for (const [c, r] of ranges) {
      const w = work.get(c);
      if (w) {
        w.endLt = r.endLt;
      }
    }
    const common = {
      globalId: this.globalId,
      seqno,
      genUtime,
      minRefMcSeqno: prevMc.stored.id.seqno,
      masterRef: prevMc.stored,
      randSeed,
      createdBy: this.validators[0]?.publicKey ?? Buffer.alloc(32),
      validatorListHashShort: this.validatorHash,
      genSoftware,
      keyBlock: false,
      prevKeyBlockSeqno: prevKey.id.seqno,
      mcSeqno: seqno,
    };
    const shardBlocks: {
      chain: ShardChain;
      stored: StoredBlock;
      fees: bigint;
      created: bigint;
      record: BlockRecord;
    }[] = [];
    for (const chain of this.shards) {
      const w = work.get(chain) ?? new ChainWork();
      const range = ranges.get(chain) ?? { startLt: ltBefore, endLt: ltBefore + 1n };
      const created = fees.basechain >> BigInt(shardPrefixLength(chain.shard));
      const out = await assembleBlock({
        ...common,
        ...range,
        chain,
        work: w,
        created,
        feesImported: 0n,
      });
      shardBlocks.push({
        chain,
        stored: out.stored,
        fees: out.feesCollected,
        created,
        record: {
          stored: out.stored,
          accounts: chain.accounts,
          outQueue: chain.outQueue,
          randSeed,
          feesCollected: out.feesCollected,
          created,
        },
      });
      // Let other work run between blocks; readers still see the previous head (nothing is published
      // before the masterchain block is complete).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const mcWork = work.get(this.mc) ?? new ChainWork();
    const prevBlocks = this.mc.prevBlocks.set(
      BigInt(prevMc.stored.id.seqno),
      { key: prevMc.stored.isKeyBlock, ref: extRef(prevMc.stored) },
      (c) => mcWork.oldKeep.add(c.hash().toString('hex')),
    );
    this.mc.prevBlocks = prevBlocks;
    const descrs = shardBlocks.map((s) =>
      shardDescrOf(s.stored, seqno, s.fees, s.created, prevMc.stored.id.seqno),
    );
    const shardHashes = storeShardHashes(new Map([[0, descrs]]));
    const shardFees = buildShardFees(
      shardBlocks.map((s) => [shardFeesKey(0, s.chain.shard), { fees: s.fees, create: s.created }]),
    );
    const feesImported = shardFees.extra.fees;
    const mcCreated = fees.masterchain;
    const globalBalance =
      (prevMc.mc?.globalBalance ?? GENESIS_SUPPLY) +
      mcCreated +
      shardFees.extra.create +
      [...work.values()].reduce((s, w) => s + w.minted - w.burned, 0n);
    const libs = this.blockchain.libs;
    const stateCustom = mcStateExtraCell({
      storeShardHashes: shardHashes,
      configAddress: cfgAddress,
      config: this.currentConfig,
      validatorListHashShort: this.validatorHash,
      catchainSeqno: 0,
      prevBlocks,
      afterKeyBlock: prevMc.stored.isKeyBlock,
      lastKeyBlock: extRef(prevKey),
      globalBalance: clampGlobalBalance(globalBalance),
    });
    const blockCustom = mcBlockExtraCell({
      storeShardHashes: shardHashes,
      storeShardFees: (b) => {
        shardFees.storeE(b);
      },
      prevBlkSignatures: prevMc.stored.signatures ?? [],
      config: keyBlock ? { address: cfgAddress, root: this.currentConfig } : undefined,
    });
    const mcRange = ranges.get(this.mc) ?? { startLt: ltBefore, endLt: ltBefore + 1n };
    const mcOut = await assembleBlock({
      ...common,
      ...mcRange,
      chain: this.mc,
      work: mcWork,
      created: mcCreated,
      feesImported,
      stateCustom,
      blockCustom,
      keyBlock,
      libraries: this.librariesOf(libs),
    });
    const signatures = signBlock(this.validators, mcOut.stored.id);
    const mcStored: StoredBlock = withLazyBlock({
      ...mcOut.stored,
      shardTops: shardBlocks.map((s) => s.stored.id),
      signatures,
      prevKeyBlockSeqno: prevKey.id.seqno,
    });
    const mcPrevBlocksInfo = {
      lastMcBlocks: [] as BlockId[],
      prevKeyBlock: toBlockId(keyBlock ? mcStored.id : prevKey.id),
    };
    for (const s of shardBlocks) {
      s.chain.blocks.push(s.record);
    }
    this.mc.blocks.push({
      stored: mcStored,
      accounts: this.mc.accounts,
      outQueue: this.mc.outQueue,
      randSeed,
      feesCollected: mcOut.feesCollected,
      created: mcCreated,
      mc: {
        config: this.currentConfig,
        configBase64: this.configBase64,
        libs,
        prevBlocks,
        globalBalance,
        prevBlocksInfo: mcPrevBlocksInfo,
      },
    });
    mcPrevBlocksInfo.lastMcBlocks.push(...this.prevBlocksInfo(seqno).lastMcBlocks);
    for (const s of [...shardBlocks.map((x) => x.stored), mcStored]) {
      for (const tx of s.transactions) {
        this.txIndex.set(`${tx.address.toRawString()}:${tx.lt}`, { tx, block: s });
      }
    }
    this.blockchain.prevBlocks = this.prevBlocksInfo(seqno);
    this.sealJournal?.({
      seqno,
      genUtime,
      rootHash: mcStored.id.rootHash.toString('base64'),
      messages: others.map((p) =>
        (p.cell ?? beginCell().store(storeMessage(p.message)).endCell()).toBoc().toString('base64'),
      ),
      ...(keyBlock ? { config: this.currentConfig.toBoc().toString('base64') } : {}),
    });
    forgetEmulatedTransactions(this.blockchain);
    this.stateRetention.afterSeal(this.allChains(), seqno);
    this.blockRetention.afterSeal(this.allChains(), seqno);
    const tEnd = performance.now();
    this.lastSealMs = tEnd - t0;
    this.lastSeal = {
      executeMs: tBuild - t0,
      buildMs: tEnd - tBuild,
      transactions: [...work.values()].reduce((n, w) => n + w.txs.length, 0),
    };
    this.maxSealMs = Math.max(this.maxSealMs, this.lastSealMs);
    for (const w of [...this.waiters]) {
      if (w.seqno <= seqno) {
        w.resolve(true);
      }
    }
    for (const l of this.blockListeners) {
      try {
        l(mcStored);
      } catch (err) {
        // A failing listener must not fail the seal that already happened.
        this.options.logger?.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'block listener failed',
        );
      }
    }
    return mcStored;
  }
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

/**
 * @ton/sandbox's Blockchain appends every transaction it emulates — parsed, with its logs and out
 * messages — to a protected `transactions` array, for its own getTransactions helper. The local chain
 * answers from its blocks (txIndex), so that array only grows: at 100 transactions a block it was
 * most of a long-running network's memory. Emptied after every seal.
 */
function forgetEmulatedTransactions(blockchain: Blockchain): void {
  const log: unknown = (blockchain as unknown as { transactions?: unknown }).transactions;
  if (Array.isArray(log)) {
    log.length = 0;
  }
}
