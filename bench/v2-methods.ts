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
import { Address } from '@ton/core';
import { findFreePort } from '@app/database';
import { LiteClient, LiteSingleEngine } from 'ton-lite-client';
import { fanOut, type WalletRecord } from './support/fan-out';
import { startGenesisLocalnet } from './support/genesis-localnet';
import { type LoadResult, measureLoad } from './support/latency';
import { type Service, startService } from './support/processes';
import { reportHead, runContext, writeReport } from './support/report';
import { historyOf, MAX_CHUNK, shuffle } from './support/v2-methods.history';
import { type HistoryStart, reads, Rotation } from './support/v2-methods.reads';
import { markdownOf, type Row } from './support/v2-methods.report';
import { startV2Mesh } from './support/v2-mesh';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? '5000');
const CONCURRENCY = [1, 16];
/** Externals of 255 transfers each made before measuring: 255 more accounts with history each. */
const FAN_OUT_ROUNDS = 4;

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
  return writeReport(
    'v2-methods',
    markdownOf(head, results, bare, notes, starts.length, {
      durationMs: DURATION_MS,
      concurrency: CONCURRENCY,
      fanOutRounds: FAN_OUT_ROUNDS,
    }),
    head,
    {
      durationMs: DURATION_MS,
      distinctHistoryStarts: starts.length,
      results,
      bare,
      notes,
    },
  );
}
