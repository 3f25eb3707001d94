/**
 * Benchmark: LocalChain seal time against the number of accounts and transactions per block.
 * Writes bench/reports/localnet-seal.{md,json}. Not a test. Run:
 *   scripts/build-to.sh .tmp/bench && node .tmp/bench/bench/localnet-seal.js [accounts…]
 * (default 1000 10000; add 100000 for the large run; `npm run bench localnet-seal` runs all three).
 * `--from-report [note…]` re-renders the last report from its JSON (with the notes added).
 */
import { once } from 'node:events';

import { type Address, beginCell, contractAddress, toNano } from '@ton/core';
import { createShardAccount } from '@ton/sandbox';
import { WalletContractV4 } from '@ton/ton';
import { LiteSingleEngine } from 'ton-lite-client';
import { Functions } from 'ton-lite-client/dist/schema';

import { installFastBitOps, installNativeSha256 } from '@app/ton';

import { LocalChain, startLiteServers, toTlBlockId } from '@app/localnet';
import { fromTreasury } from '../test/integration/support/treasury-message';
import {
  readReport,
  type ReportHead,
  reportMarkdown,
  reportHead,
  rerenderedHead,
  runContext,
  target,
  type Target,
  writeReport,
} from './support/report';

interface Row {
  accounts: number;
  populateMs: number;
  injectSealMs: number;
  emptySealMs: { median: number; max: number };
  perTxCount: {
    txs: number;
    median: number;
    max: number;
    executeMedian: number;
    buildMedian: number;
  }[];
  /** lite_api over ADNL against the chain with these accounts (absent in reports before it was measured). */
  queries?: QueryRate[];
}

interface QueryRate {
  method: 'getAccountState' | 'runSmcMethod';
  concurrency: number;
  perSecond: number;
  medianMs: number;
}

const TARGET = { intervalMs: 400, accounts: 10_000, txs: 100 };
const ROUNDS = 7;
const QUERY_SECONDS = 4;
const SEQNO_METHOD_ID = '85143'; // crc16("seqno") | 0x10000

/**
 * Raw lite_api queries per second from one ton-lite-client engine (ADNL over loopback) to one
 * liteserver of the chain, each for a different account at the head: the server's side (state lookup,
 * Merkle proofs or the get-method, TL and ADNL); `engine.query` returns the TL answer without checking
 * the proofs, which LiteClient would add on the client's side. Client and server share the two cores.
 */
async function measureQueries(
  chain: LocalChain,
  targets: readonly Address[],
): Promise<QueryRate[]> {
  const [node] = await startLiteServers(chain, { count: 1 });
  if (!node) {
    throw new Error('no liteserver started');
  }
  const engine = new LiteSingleEngine({
    host: `tcp://127.0.0.1:${String(node.endpoint.port)}`,
    publicKey: node.endpoint.publicKey,
  });
  await once(engine, 'ready');
  const id = toTlBlockId(chain.head().id);
  const query = {
    getAccountState: (a: Address) =>
      engine.query(Functions.liteServer_getAccountState, {
        kind: 'liteServer.getAccountState',
        id,
        account: { kind: 'liteServer.accountId', workchain: a.workChain, id: a.hash },
      }),
    runSmcMethod: (a: Address) =>
      engine.query(Functions.liteServer_runSmcMethod, {
        kind: 'liteServer.runSmcMethod',
        mode: 4,
        id,
        account: { kind: 'liteServer.accountId', workchain: a.workChain, id: a.hash },
        methodId: SEQNO_METHOD_ID,
        params: Buffer.alloc(0),
      }),
  };
  const out: QueryRate[] = [];
  let cursor = 0;
  try {
    for (const method of ['getAccountState', 'runSmcMethod'] as const) {
      for (const concurrency of [1, 16]) {
        const latencies: number[] = [];
        const end = performance.now() + QUERY_SECONDS * 1000;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (performance.now() < end) {
              const target = targets[(cursor++ * 7919) % targets.length];
              if (!target) {
                throw new Error('no target');
              }
              const t = performance.now();
              await query[method](target);
              latencies.push(performance.now() - t);
            }
          }),
        );
        out.push({
          method,
          concurrency,
          perSecond: Math.round(latencies.length / QUERY_SECONDS),
          medianMs: round(stats(latencies).median),
        });
      }
    }
  } finally {
    engine.close();
    await node.close();
  }
  return out;
}

function stats(xs: number[]): { median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)] ?? 0, max: s[s.length - 1] ?? 0 };
}

const round = (x: number): number => Math.round(x * 10) / 10;

async function measure(accounts: number): Promise<Row> {
  const chain = await LocalChain.create();
  const treasury = await chain.blockchain.treasury('bench');
  const code = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32) }).init.code;
  const targets: Address[] = [];
  const t0 = performance.now();
  for (let i = 0; i < accounts; i++) {
    const data = beginCell()
      .storeUint(0, 32)
      .storeUint(698983191, 32)
      .storeUint(i, 256)
      .storeBit(0);
    const address = contractAddress(0, { code, data: data.endCell() });
    await chain.blockchain.setShardAccount(
      address,
      createShardAccount({ address, code, data: data.endCell(), balance: toNano('100') }),
    );
    targets.push(address);
  }
  const populateMs = performance.now() - t0;
  const t1 = performance.now();
  await chain.seal();
  const injectSealMs = performance.now() - t1;
  const empty: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await chain.seal();
    empty.push(chain.lastSealMs);
  }
  const perTxCount: Row['perTxCount'] = [];
  let cursor = 0;
  for (const txs of [10, 100]) {
    const total: number[] = [];
    const execute: number[] = [];
    const build: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < txs; k++) {
        const dest = targets[(cursor++ * 7919) % targets.length];
        if (!dest) {
          throw new Error('no target');
        }
        chain.submit(fromTreasury(treasury.address, dest, toNano('0.01')));
      }
      await chain.seal();
      if (chain.lastSeal.transactions !== txs) {
        throw new Error(`expected ${txs} transactions, got ${chain.lastSeal.transactions}`);
      }
      total.push(chain.lastSealMs);
      execute.push(chain.lastSeal.executeMs);
      build.push(chain.lastSeal.buildMs);
    }
    perTxCount.push({
      txs,
      ...stats(total),
      executeMedian: stats(execute).median,
      buildMedian: stats(build).median,
    });
  }
  const queries = await measureQueries(chain, targets);
  chain.close();
  return {
    accounts,
    populateMs: round(populateMs),
    injectSealMs: round(injectSealMs),
    emptySealMs: stats(empty),
    perTxCount,
    queries,
  };
}

function sealTargets(rows: readonly Row[]): Target[] {
  const targetRow = rows.find((r) => r.accounts === TARGET.accounts);
  const targetCell = targetRow?.perTxCount.find((p) => p.txs === TARGET.txs);
  return [
    target(
      `localnet seal with ${String(TARGET.accounts)} accounts and ${String(TARGET.txs)} transactions per block, max of ${String(ROUNDS)} rounds (the ${String(TARGET.intervalMs)} ms block interval holds)`,
      targetCell === undefined ? undefined : round(targetCell.max),
      'ms',
      '<',
      TARGET.intervalMs,
    ),
  ];
}

/** Rows rounded for the report (0.1 ms). */
function rounded(rows: readonly Row[]): Row[] {
  return rows.map((r) => ({
    ...r,
    emptySealMs: { median: round(r.emptySealMs.median), max: round(r.emptySealMs.max) },
    perTxCount: r.perTxCount.map((p) => ({
      txs: p.txs,
      median: round(p.median),
      max: round(p.max),
      executeMedian: round(p.executeMedian),
      buildMedian: round(p.buildMedian),
    })),
  }));
}

function write(head: ReportHead, rows: readonly Row[], notes: readonly string[]): void {
  const markdown = reportMarkdown(
    head,
    {
      title: 'LocalChain seal benchmark',
      run: notes.map((n) => `- note: ${n}`),
    },
    [
      'Times in ms; `execute` = emulator steps (async, one per message), `build` = TL-B block building',
      '(synchronous phases, with yields to the event loop between blocks and phases). Accounts are injected with setShardAccount and',
      'enter the chain in one seal ("inject seal"); each measured transaction is an internal message to a',
      'different wallet v4. Each message is one emulator call (apps/localnet/src/chain/emulator-step.ts:',
      "@ton/sandbox's WASM emulator, with the c7 prev_blocks serialised once per block); the WASM itself is",
      'about a third of `execute`, reading its results back into @ton/core cells most of the rest. Block',
      'building grows with the transactions, barely with the accounts (incremental ShardAccounts: only the',
      'touched paths are rebuilt).',
      '',
      '| accounts | inject seal | empty seal (median / max) | txs/block | seal median | seal max | execute median | build median |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.flatMap((r) =>
        r.perTxCount.map(
          (p) =>
            `| ${String(r.accounts)} | ${String(r.injectSealMs)} | ${String(r.emptySealMs.median)} / ${String(r.emptySealMs.max)} | ${String(p.txs)} | ${String(p.median)} | ${String(p.max)} | ${String(p.executeMedian)} | ${String(p.buildMedian)} |`,
        ),
      ),
      '',
      ...queryLines(rows),
    ],
  );
  writeReport('localnet-seal', markdown, head, { target: TARGET, rows, notes });
}

function queryLines(rows: readonly Row[]): string[] {
  const measured = rows.filter((r) => r.queries !== undefined);
  if (measured.length === 0) {
    return [];
  }
  return [
    '## lite_api queries',
    '',
    `Raw queries from one ton-lite-client engine over ADNL on loopback to one liteserver of the chain`,
    `above (after its seals), for ${String(QUERY_SECONDS)} s each, every query for a different account at the head:`,
    '`getAccountState` answers the account with its Merkle proofs (shard block and state), `runSmcMethod`',
    '(mode 4, as LiteClient.runMethod) runs `seqno` in the emulator. Latencies are per query, in ms;',
    'client and liteserver share the two cores.',
    '',
    '| accounts | method | concurrency | queries/s | median |',
    '|---:|---|---:|---:|---:|',
    ...measured.flatMap((r) =>
      (r.queries ?? []).map(
        (q) =>
          `| ${String(r.accounts)} | ${q.method} | ${String(q.concurrency)} | ${String(q.perSecond)} | ${String(q.medianMs)} |`,
      ),
    ),
    '',
  ];
}

/** Reports written before the shared head kept the machine as an object. */
interface EarlierSealReport {
  readonly date: string;
  readonly commit: string;
  readonly machine: string | { cpu: string; cores: number; memoryGb: number; node: string };
  readonly node?: string;
  readonly loadAverage?: ReportHead['loadAverage'];
  readonly rows: Row[];
  readonly notes?: string[];
}

/**
 * `--from-report [note…]`: the report again from its last JSON, with the current head and targets
 * (for a run whose numbers should stand, e.g. when a re-run was starved of CPU by other work).
 */
function rerender(reason: string, notes: readonly string[]): void {
  const earlier = readReport('localnet-seal') as EarlierSealReport & {
    machine: EarlierSealReport['machine'] & { loadAverage?: ReportHead['loadAverage'] };
  };
  const m = earlier.machine;
  const head = rerenderedHead(
    {
      commit: earlier.commit,
      date: earlier.date,
      machine:
        typeof m === 'string' ? m : `${m.cpu}, ${String(m.cores)} cores, ${String(m.memoryGb)} GiB`,
      node: typeof m === 'string' ? (earlier.node ?? 'unknown') : m.node,
      loadAverage: earlier.loadAverage ??
        (typeof m === 'string' ? undefined : m.loadAverage) ?? { before: 0, after: 0 },
    },
    sealTargets(earlier.rows),
    reason,
  );
  write(head, earlier.rows, [...(earlier.notes ?? []), ...notes]);
}

async function main(): Promise<void> {
  // As the localnet process does at its start (apps/localnet/src/cli.ts): the seals measured are its.
  installNativeSha256();
  installFastBitOps();
  const args = process.argv.slice(2);
  if (args[0] === '--from-report') {
    rerender('the targets table added without measuring again', args.slice(1));
    return;
  }
  const sizes = args.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const ctx = runContext();
  const rows: Row[] = [];
  // Warm-up (JIT), not reported.
  await measure(200);
  for (const n of sizes.length > 0 ? sizes : [1000, 10_000]) {
    rows.push(await measure(n));
    process.stdout.write(`${JSON.stringify(rows[rows.length - 1])}\n`);
  }
  write(reportHead(ctx, sealTargets(rows)), rounded(rows), []);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
