/**
 * Benchmark: getAddressInformation, runGetMethod and getTransactions through the gateway
 * (single process) against the same reads made directly with ton-lite-client on the same localnet,
 * uncached and cached. Writes bench/reports/v2-methods.{md,json}. Not a test.
 *
 * - uncached: every request needs the liteserver. getAddressInformation and runGetMethod read the
 *   head (never cached: the answer changes every block); getTransactions starts every request from
 *   a different (transaction, limit) pair, taken in turn from every transaction of the seed's
 *   accounts, so no answer is asked twice until the list wraps (the report says when it did).
 * - cached: one immutable request repeated: the same read at a fixed past masterchain seqno, the
 *   same history page from a given transaction id.
 */
import { Address, Cell, loadTransaction, serializeTuple } from '@ton/core';
import { findFreePort } from '@app/database';
import { LiteClient, LiteSingleEngine } from 'ton-lite-client';
import { type LoadResult, measureLoad } from './support/latency';
import { startGenesisLocalnet } from './support/genesis-localnet';
import { type Service, startService } from './support/processes';
import { fanOut, type WalletRecord } from './support/fan-out';
import { startV2Mesh } from './support/v2-mesh';
import {
  headLines,
  type ReportHead,
  reportHead,
  runContext,
  targetsSection,
  writeReport,
} from './support/report';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? '5000');
const CONCURRENCY = [1, 16];
const SHARD_ALL = '-9223372036854775808';
/** Externals of 255 transfers each made before measuring: 255 more accounts with history each. */
const FAN_OUT_ROUNDS = 4;
/** liteServer.getTransactions answers at most 16 per call; limits 1…16 give distinct requests. */
const MAX_CHUNK = 16;

type Scenario = 'uncached' | 'cached';

interface Path {
  http(base: string): Promise<boolean>;
  direct(client: LiteClient): Promise<boolean>;
}

interface Read {
  readonly name: string;
  readonly scenarios: Record<Scenario, Path>;
}

/** A transaction to start a history read from, with the limit to ask. */
interface HistoryStart {
  readonly address: Address;
  readonly lt: string;
  readonly hash: Buffer;
  readonly limit: number;
}

/** Requests taken in turn from a list; `wraps` counts how often the list was used up. */
class Rotation<T> {
  private next = 0;
  wraps = 0;

  constructor(private readonly items: readonly T[]) {
    if (items.length === 0) {
      throw new Error('nothing to rotate over');
    }
  }

  take(): T {
    if (this.next === this.items.length) {
      this.next = 0;
      this.wraps++;
    }
    const item = this.items[this.next++];
    if (item === undefined) {
      throw new Error('rotation out of range');
    }
    return item;
  }

  reset(): void {
    this.next = 0;
    this.wraps = 0;
  }
}

const ok = async (res: Response): Promise<boolean> => {
  const body = (await res.json()) as { ok?: boolean };
  return res.status === 200 && body.ok === true;
};

function friendlyOf(address: Address): string {
  return address.toString({ urlSafe: true, bounceable: true });
}

async function masterchainBlock(client: LiteClient, seqno: number) {
  return (await client.lookupBlockByID({ workchain: -1, shard: SHARD_ALL, seqno })).id;
}

/**
 * Every transaction of `address`, newest first, as (lt, hash) pairs, and whether the list reaches
 * the account's first transaction (it does not when the history runs into the seed's zero state).
 */
async function historyOf(
  client: LiteClient,
  address: Address,
): Promise<{ txs: { lt: string; hash: Buffer }[]; complete: boolean }> {
  const { last } = await client.getMasterchainInfo();
  const state = await client.getAccountState(address, last);
  const out: { lt: string; hash: Buffer }[] = [];
  let cursor = state.lastTx
    ? { lt: state.lastTx.lt, hash: hashBytes(state.lastTx.hash) }
    : { lt: 0n, hash: Buffer.alloc(32) };
  while (cursor.lt !== 0n) {
    // Transactions made before the first block (the seed's zero state) cannot be located.
    const chunk = await client
      .getAccountTransactions(address, cursor.lt.toString(), cursor.hash, MAX_CHUNK)
      .catch(() => undefined);
    if (!chunk) {
      return { txs: out, complete: false };
    }
    const cells = chunk.transactions.length === 0 ? [] : Cell.fromBoc(chunk.transactions);
    if (cells.length === 0) {
      break;
    }
    for (const cell of cells) {
      const tx = loadTransaction(cell.beginParse());
      out.push({ lt: tx.lt.toString(), hash: cell.hash() });
      cursor = { lt: tx.prevTransactionLt, hash: hashBytes(tx.prevTransactionHash) };
    }
  }
  return { txs: out, complete: true };
}

/** Fisher–Yates with a fixed-seed LCG: the same order on every run of the benchmark. */
function shuffle(items: unknown[]): void {
  let state = 0x2545f491;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const a = items[i];
    const b = items[j];
    if (a !== undefined && b !== undefined) {
      items[i] = b;
      items[j] = a;
    }
  }
}

function hashBytes(hash: bigint): Buffer {
  return Buffer.from(hash.toString(16).padStart(64, '0'), 'hex');
}

function reads(
  wallet: Address,
  pastSeqno: number,
  starts: Rotation<HistoryStart>,
  repeated: HistoryStart,
): Read[] {
  const friendly = friendlyOf(wallet);
  const seqnoStack = serializeTuple([]).toBoc({ idx: false });
  const runBody = (seqno?: number) =>
    JSON.stringify({
      address: friendly,
      method: 'seqno',
      stack: [],
      ...(seqno === undefined ? {} : { seqno }),
    });
  const post = (base: string, method: string, body: string) =>
    fetch(`${base}/api/v2/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  const history = (base: string, start: HistoryStart) =>
    fetch(
      `${base}/api/v2/getTransactions?address=${friendlyOf(start.address)}&lt=${start.lt}` +
        `&hash=${start.hash.toString('hex')}&limit=${String(start.limit)}`,
    );
  return [
    {
      name: 'getAddressInformation',
      scenarios: {
        uncached: {
          http: async (base) =>
            ok(await fetch(`${base}/api/v2/getAddressInformation?address=${friendly}`)),
          direct: async (client) => {
            const { last } = await client.getMasterchainInfo();
            await client.getAccountState(wallet, last);
            return true;
          },
        },
        cached: {
          http: async (base) =>
            ok(
              await fetch(
                `${base}/api/v2/getAddressInformation?address=${friendly}&seqno=${String(pastSeqno)}`,
              ),
            ),
          direct: async (client) => {
            await client.getAccountState(wallet, await masterchainBlock(client, pastSeqno));
            return true;
          },
        },
      },
    },
    {
      name: 'runGetMethod',
      scenarios: {
        uncached: {
          http: async (base) => ok(await post(base, 'runGetMethod', runBody())),
          direct: async (client) => {
            const { last } = await client.getMasterchainInfo();
            return (await client.runMethod(wallet, 'seqno', seqnoStack, last)).exitCode === 0;
          },
        },
        cached: {
          http: async (base) => ok(await post(base, 'runGetMethod', runBody(pastSeqno))),
          direct: async (client) => {
            const block = await masterchainBlock(client, pastSeqno);
            return (await client.runMethod(wallet, 'seqno', seqnoStack, block)).exitCode === 0;
          },
        },
      },
    },
    {
      name: 'getTransactions',
      scenarios: {
        uncached: {
          http: async (base) => ok(await history(base, starts.take())),
          direct: async (client) => {
            const start = starts.take();
            await client.getAccountTransactions(start.address, start.lt, start.hash, start.limit);
            return true;
          },
        },
        cached: {
          http: async (base) => ok(await history(base, repeated)),
          direct: async (client) => {
            await client.getAccountTransactions(
              repeated.address,
              repeated.lt,
              repeated.hash,
              repeated.limit,
            );
            return true;
          },
        },
      },
    },
  ];
}

type Row = LoadResult & { read: string; scenario: Scenario; listWraps?: number };

export async function runV2MethodsBench(): Promise<string> {
  const ctx = runContext();
  const services: Service[] = [];
  const results: Row[] = [];
  const bare: LoadResult[] = [];
  const notes: string[] = [];
  const starts: HistoryStart[] = [];
  try {
    const {
      configPath,
      endpoint,
      accounts,
      walletV4r2: wallet,
    } = await startGenesisLocalnet<WalletRecord & { name: string }>(services, 'bench-v2m-');
    const port = await findFreePort();
    services.push(
      await startService(
        'standalone',
        'apps/standalone/src/main.js',
        [],
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          LITESERVERS_CONFIG: configPath,
          NATS_URL: '',
          // Throughput, not limits: the bench's anonymous client is not held to toncenter's 1 request a
          // second, which the edge enforces in memory without Redis.
          RATE_LIMIT_ANONYMOUS_RPS: '1000000',
          // The v2 read path alone: the indexer following the chain in the same process would
          // compete for the CPU and the liteserver (it catches up on the fan-out blocks).
          INGEST_FOLLOW: 'off',
        },
        /ready: open/,
      ),
    );
    // The same reads through the mesh (liteserver app and gateway over a NATS of their own), and
    // the floor of any HTTP answer: Fastify with a constant (the side-by-side ratios).
    const meshBase = await startV2Mesh(configPath, services, notes);
    const barePort = await findFreePort();
    services.push(
      await startService(
        'bare-fastify',
        'bench/servers/bare-fastify.js',
        [],
        { PORT: String(barePort) },
        /listening/,
      ),
    );
    const engine = new LiteSingleEngine({
      host: `tcp://${endpoint.host}:${endpoint.port}`,
      publicKey: endpoint.publicKey,
    });
    await new Promise((r) => engine.once('ready', r));
    const client = new LiteClient({ engine });

    // Every transaction of every seed account and of the fan-out's receivers, each with every
    // limit 1…16: distinct requests.
    const v5 = accounts.find((a) => a.name === 'wallet-v5r1');
    if (!v5) {
      throw new Error('the localnet wrote no wallet-v5r1');
    }
    const receivers = await fanOut(client, v5, FAN_OUT_ROUNDS);
    // The v5r1 wallet itself is left out: its history now holds the fan-out transactions (255
    // outbound messages each), a shape the benchmark made, not one it means to measure.
    for (const address of [
      ...accounts.filter((a) => a !== v5).map((a) => Address.parseRaw(a.address)),
      ...receivers,
    ]) {
      const { txs, complete } = await historyOf(client, address);
      for (const [i, tx] of txs.entries()) {
        // A page running past the locatable history would be an error, not a measurement.
        const most = complete ? MAX_CHUNK : Math.min(MAX_CHUNK, txs.length - i);
        for (let limit = 1; limit <= most; limit++) {
          starts.push({ address, ...tx, limit });
        }
      }
    }
    // One mix for every run: heavy seed transactions and light fan-out ones interleaved.
    shuffle(starts);
    const newest = (await historyOf(client, wallet)).txs[0];
    if (!newest) {
      throw new Error('wallet-v4r2 has no transaction');
    }
    const repeated: HistoryStart = { address: wallet, ...newest, limit: 10 };
    const pastSeqno = (await client.getMasterchainInfo()).last.seqno - 2;
    const base = `http://127.0.0.1:${String(port)}`;
    // The gateway's and the direct client's uncached histories each start at the list's head.
    const gatewayStarts = new Rotation(starts);
    const meshStarts = new Rotation(starts);
    const directStarts = new Rotation(starts);
    const gatewayReads = reads(wallet, pastSeqno, gatewayStarts, repeated);
    const meshReads = reads(wallet, pastSeqno, meshStarts, repeated);
    for (const c of CONCURRENCY) {
      bare.push(
        await measureLoad('bare Fastify constant', c, DURATION_MS, async () => {
          const res = await fetch(`http://127.0.0.1:${String(barePort)}/api/v2/getMasterchainInfo`);
          await res.arrayBuffer();
          return res.status === 200;
        }),
      );
    }
    const directReads = reads(wallet, pastSeqno, directStarts, repeated);
    for (const [i, read] of gatewayReads.entries()) {
      const direct = directReads[i];
      const mesh = meshReads[i];
      if (!direct || !mesh) {
        throw new Error('reads out of step');
      }
      for (const scenario of ['uncached', 'cached'] as const) {
        for (const c of CONCURRENCY) {
          directStarts.reset();
          results.push({
            read: read.name,
            scenario,
            ...(await measureLoad('direct ton-lite-client', c, DURATION_MS, () =>
              direct.scenarios[scenario].direct(client),
            )),
          });
          results.push({
            read: read.name,
            scenario,
            ...(await measureLoad('gateway, single process', c, DURATION_MS, () =>
              read.scenarios[scenario].http(base),
            )),
            ...(read.name === 'getTransactions' && scenario === 'uncached'
              ? { listWraps: gatewayStarts.wraps }
              : {}),
          });
          if (meshBase !== undefined) {
            results.push({
              read: read.name,
              scenario,
              ...(await measureLoad('gateway, mesh (NATS)', c, DURATION_MS, () =>
                mesh.scenarios[scenario].http(meshBase),
              )),
              ...(read.name === 'getTransactions' && scenario === 'uncached'
                ? { listWraps: meshStarts.wraps }
                : {}),
            });
          }
        }
      }
    }
    engine.close();
  } finally {
    for (const s of services.reverse()) {
      await s.stop();
    }
  }
  // There is no numeric target for these reads (the report compares, the table is empty).
  const head = reportHead(ctx, []);
  return writeReport('v2-methods', markdownOf(head, results, bare, notes, starts.length), head, {
    durationMs: DURATION_MS,
    distinctHistoryStarts: starts.length,
    results,
    bare,
    notes,
  });
}

function markdownOf(
  head: ReportHead,
  results: readonly Row[],
  bare: readonly LoadResult[],
  notes: readonly string[],
  distinctStarts: number,
): string {
  const find = (read: string, label: string, c: number, scenario: Scenario) =>
    results.find(
      (r) => r.read === read && r.label === label && r.concurrency === c && r.scenario === scenario,
    );
  const cells = (r: Row | undefined) =>
    r
      ? `${String(r.rps)} | ${String(r.p50Ms)} | ${String(r.p99Ms)} | ${String(r.errors)}`
      : '– | – | – | –';
  const rows: string[] = [];
  for (const read of ['getAddressInformation', 'runGetMethod', 'getTransactions']) {
    for (const label of [
      'direct ton-lite-client',
      'gateway, single process',
      'gateway, mesh (NATS)',
    ]) {
      for (const c of CONCURRENCY) {
        rows.push(
          `| ${read} | ${label} | ${String(c)} | ${cells(find(read, label, c, 'uncached'))} | ${cells(find(read, label, c, 'cached'))} |`,
        );
      }
    }
  }
  const wraps = results
    .filter((r) => r.listWraps !== undefined)
    .map((r) => `${r.label}: ${String(r.listWraps)} at concurrency ${String(r.concurrency)}`)
    .join(', ');
  return [
    '# v2 reads benchmark: gateway vs direct ton-lite-client, uncached and cached',
    '',
    headLines(head),
    `- duration per run: ${String(DURATION_MS)} ms; localnet genesis seed, one liteserver, a block every 400 ms; the single process runs with INGEST_FOLLOW=off (no indexing beside the reads)`,
    '- the direct client makes the liteserver calls the service makes on a miss (head or block lookup, then the read); ton-lite-client keeps its own per-block caches of block lookups and account states, which flatters the direct reads at a fixed seqno',
    '- uncached: getAddressInformation and runGetMethod read the head (never cached); getTransactions starts each request from another (transaction, limit) pair out of ' +
      `${String(distinctStarts)} (every transaction of the seed's accounts but the v5r1 wallet, and of the ${String(FAN_OUT_ROUNDS * 255)} accounts that wallet paid before the runs, × limits 1…16, in one fixed shuffled order; the wallet's own fan-out transactions, 255 outbound messages and a 42 KB BoC each, are left out); times the gateway went through the whole list: ${wraps || 'none'}`,
    '- cached: the same immutable request repeated (getAddressInformation and runGetMethod at a fixed past seqno; getTransactions from a fixed transaction id, limit 10)',
    '- paths: direct ton-lite-client from the benchmark process; the single process (`apps/standalone`); the mesh (`apps/liteserver` and `apps/gateway` over a nats-server of their own); the floor of any HTTP answer is a bare Fastify handler returning a constant, measured in the same run',
    ...notes.map((n) => `- note: ${n}`),
    ...targetsSection(head.targets),
    '| read | path | concurrency | uncached req/s | p50 ms | p99 ms | errors | cached req/s | p50 ms | p99 ms | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'The floor, a bare Fastify constant handler (no liteserver, no service):',
    '',
    '| concurrency | req/s | p50 ms | p99 ms | errors |',
    '|---:|---:|---:|---:|---:|',
    ...bare.map(
      (r) =>
        `| ${String(r.concurrency)} | ${String(r.rps)} | ${String(r.p50Ms)} | ${String(r.p99Ms)} | ${String(r.errors)} |`,
    ),
  ].join('\n');
}
