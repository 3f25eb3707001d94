/**
 * The localnet history the indexing benchmarks share (ingest-catchup, decode-catchup): a child process
 * (this file with `--serve <mcBlocks> <txPerBlock>`) starts a two-shard manual-mode localnet (genesis
 * seed), generates the history — wallets v4 paying each other, each external carrying several
 * transfers, so one masterchain block holds about `txPerBlock` transactions — and then serves it over
 * its liteserver until the parent disconnects. The history lives in the child's memory only.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import { LiteserverPool } from '@app/liteclient';
import {
  type Address,
  beginCell,
  external,
  internal,
  type Message,
  storeMessageRelaxed,
  toNano,
} from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { startLocalnet } from '@app/localnet';
import { fromTreasury } from '../../test/integration/support/treasury-message';

/** Transfers per external message (wallet v4 takes at most 4). */
export const TRANSFERS_PER_EXTERNAL = 4;
const START_TIME = 1_750_000_000;
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface HistoryEndpoint {
  readonly host: string;
  readonly port: number;
  readonly publicKey: string;
}

/** What the generator reports to the parent once the history is ready. */
export interface History {
  readonly endpoints: readonly HistoryEndpoint[];
  readonly head: number;
  readonly wallets: number;
  readonly rounds: number;
  readonly transactions: number;
  readonly generationSeconds: number;
  readonly fundingSeconds: number;
  readonly executeSeconds: number;
  readonly buildSeconds: number;
}

/**
 * The size of a history: BENCH_INGEST_MC_BLOCKS (default 2000), BENCH_INGEST_TX_PER_BLOCK (default
 * 105: 21 wallets, so that the rounds after funding make over the 200,000 transactions).
 */
export interface HistorySize {
  readonly mcBlocks: number;
  readonly txPerBlock: number;
}

export function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new Error(`${name} must be a positive integer`);
  }
  return n;
}

/** The history size both benchmarks read, so that they measure the same history. */
export function historySizeFromEnv(): HistorySize {
  return {
    mcBlocks: intEnv('BENCH_INGEST_MC_BLOCKS', 2000),
    txPerBlock: intEnv('BENCH_INGEST_TX_PER_BLOCK', 105),
  };
}

export const round1 = (x: number): number => Math.round(x * 10) / 10;

/** A wallet v4 whose transfers are signed with node:crypto's Ed25519 (the same signature as nacl). */
class BenchWallet {
  readonly contract: WalletContractV4;
  private readonly key: KeyObject;
  seqno = 0;

  constructor(label: string) {
    const seed = createHash('sha256').update(label).digest();
    this.key = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const spki = createPublicKey(this.key).export({ format: 'der', type: 'spki' });
    this.contract = WalletContractV4.create({ workchain: 0, publicKey: spki.subarray(-32) });
  }

  get address(): Address {
    return this.contract.address;
  }

  /** An external message paying 0.01 TON to each of `to` (wallet v4 body, mode 3 per transfer). */
  transfer(to: readonly Address[]): Message {
    const signing = beginCell()
      .storeUint(this.contract.walletId, 32)
      .storeUint(0xffffffff, 32)
      .storeUint(this.seqno, 32)
      .storeUint(0, 8);
    for (const dest of to) {
      const msg = internal({ to: dest, value: toNano('0.01'), bounce: false });
      signing.storeUint(3, 8).storeRef(beginCell().store(storeMessageRelaxed(msg)));
    }
    const signature = sign(null, signing.endCell().hash(), this.key);
    const body = beginCell().storeBuffer(signature).storeBuilder(signing).endCell();
    const init = this.seqno === 0 ? this.contract.init : undefined;
    this.seqno += 1;
    return external({ to: this.address, init, body });
  }
}

/**
 * The child: a localnet with `mcBlocks` masterchain blocks of about `txPerBlock` transactions. Every
 * round each wallet sends one external with TRANSFERS_PER_EXTERNAL transfers to the next wallets;
 * they are delivered in the next block (often to the other shard), so a block in steady state holds
 * W externals and W × TRANSFERS_PER_EXTERNAL deliveries.
 */
async function serve({ mcBlocks, txPerBlock }: HistorySize): Promise<void> {
  const started = performance.now();
  const localnet = await startLocalnet({
    seed: 'genesis',
    shards: 2,
    mode: 'manual',
    startTime: START_TIME,
  });
  const { chain } = localnet;
  let transactions = 0;
  let executeMs = 0;
  let buildMs = 0;
  const sealed = (): void => {
    transactions += chain.lastSeal.transactions;
    executeMs += chain.lastSeal.executeMs;
    buildMs += chain.lastSeal.buildMs;
  };
  const walletCount = Math.max(2, Math.ceil(txPerBlock / (1 + TRANSFERS_PER_EXTERNAL)));
  const wallets = Array.from(
    { length: walletCount },
    (_, i) => new BenchWallet(`ingest-bench-${String(i)}`),
  );
  const treasury = await chain.blockchain.treasury('ingest-bench-treasury');
  for (const w of wallets) {
    chain.submit(fromTreasury(treasury.address, w.address, toNano('10000')));
  }
  while (chain.pending > 0) {
    await chain.seal();
    sealed();
  }
  const fundingSeconds = (performance.now() - started) / 1000;
  let rounds = 0;
  // Leave one block to deliver the last round's transfers.
  while (chain.head().id.seqno < mcBlocks - 1) {
    wallets.forEach((w, i) => {
      const to = Array.from(
        { length: TRANSFERS_PER_EXTERNAL },
        (_, k) => wallets[(i + 1 + k) % wallets.length]?.address ?? w.address,
      );
      chain.submit(w.transfer(to));
    });
    await chain.seal();
    sealed();
    rounds += 1;
    if (rounds % 100 === 0) {
      process.stderr.write(
        `generator: mc ${String(chain.head().id.seqno)}/${String(mcBlocks)}, ${String(transactions)} tx\n`,
      );
    }
  }
  while (chain.pending > 0 || chain.head().id.seqno < mcBlocks) {
    await chain.seal();
    sealed();
  }
  const history: History = {
    endpoints: localnet.liteservers.map((ls) => ({
      host: ls.endpoint.host,
      port: ls.endpoint.port,
      publicKey: ls.endpoint.publicKey.toString('base64'),
    })),
    head: chain.head().id.seqno,
    wallets: walletCount,
    rounds,
    transactions,
    generationSeconds: round1((performance.now() - started) / 1000),
    fundingSeconds: round1(fundingSeconds),
    executeSeconds: round1(executeMs / 1000),
    buildSeconds: round1(buildMs / 1000),
  };
  process.send?.(history);
  // Serve until the parent goes away.
  await new Promise<void>((resolve) => process.once('disconnect', resolve));
  await localnet.stop();
}

/** A generated history, served by a child process until `stop()`. */
export interface ServedHistory {
  readonly history: History;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Forks the generator and resolves once its history is ready to be read over its liteserver. */
export async function startHistory(size: HistorySize): Promise<ServedHistory> {
  const child = fork(__filename, ['--serve', String(size.mcBlocks), String(size.txPerBlock)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The history lives in this process's memory: blocks, states and their BoCs. The size
    // (2,000 masterchain blocks, 200,000 transactions) needs more than V8's default heap.
    execArgv: [...process.execArgv, '--max-old-space-size=12288'],
  });
  const history = await new Promise<History>((resolve, reject) => {
    child.once('message', (m) => {
      resolve(m as History);
    });
    child.once('exit', (code) => {
      reject(new Error(`generator exited with ${String(code)}`));
    });
  });
  return {
    history,
    child,
    stop: async () => {
      if (child.exitCode !== null) {
        return;
      }
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** A liteserver pool over the generator's liteserver(s). */
export function historyPool(history: History): LiteserverPool {
  return new LiteserverPool(
    history.endpoints.map((e) => ({
      host: e.host,
      port: e.port,
      publicKey: Buffer.from(e.publicKey, 'base64'),
    })),
    // Everything is older than `recentBlocks` behind the head only for long histories; the one
    // liteserver answers either way.
    { timeoutMs: 30_000, attempts: 3, probeIntervalMs: 2000 },
  );
}

if (process.argv[2] === '--serve') {
  // The child is a localnet process: installed at its start as the localnet's (apps/localnet/src/cli.ts).
  installNativeSha256();
  installFastBitOps();
  serve({ mcBlocks: Number(process.argv[3]), txPerBlock: Number(process.argv[4]) }).catch(
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
