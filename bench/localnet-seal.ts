/**
 * Benchmark: LocalChain seal time against the number of accounts and transactions per block.
 * Writes bench/reports/localnet-seal.{md,json}. Not a test. Run:
 *   scripts/build-to.sh .tmp/bench && node .tmp/bench/bench/localnet-seal.js [accounts…]
 * (default 1000 10000; add 100000 for the large run).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';

import { type Address, beginCell, contractAddress, toNano } from '@ton/core';
import { createShardAccount } from '@ton/sandbox';
import { WalletContractV4 } from '@ton/ton';

import { LocalChain } from '../apps/localnet/src/chain/local-chain';

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
}

const TARGET = { intervalMs: 400, accounts: 10_000, txs: 100 };
const ROUNDS = 7;

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
        chain.submit({
          info: {
            type: 'internal',
            ihrDisabled: true,
            bounce: false,
            bounced: false,
            src: treasury.address,
            dest,
            value: { coins: toNano('0.01') },
            ihrFee: 0n,
            forwardFee: 0n,
            createdLt: 0n,
            createdAt: 0,
          },
          body: beginCell().endCell(),
        });
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
  chain.close();
  return {
    accounts,
    populateMs: round(populateMs),
    injectSealMs: round(injectSealMs),
    emptySealMs: stats(empty),
    perTxCount,
  };
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const loadBefore = loadavg()[0] ?? 0;
  const rows: Row[] = [];
  // Warm-up (JIT), not reported.
  await measure(200);
  for (const n of sizes.length > 0 ? sizes : [1000, 10_000]) {
    rows.push(await measure(n));
    process.stdout.write(`${JSON.stringify(rows[rows.length - 1])}\n`);
  }
  const targetRow = rows.find((r) => r.accounts === TARGET.accounts);
  const targetCell = targetRow?.perTxCount.find((p) => p.txs === TARGET.txs);
  const met = targetCell ? targetCell.max < TARGET.intervalMs : undefined;
  const report = {
    date: new Date().toISOString(),
    commit: commit(),
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      // 1-minute load averages before and after: the machine may be shared, which inflates the times.
      loadAverage: { before: round(loadBefore), after: round(loadavg()[0] ?? 0) },
    },
    target: { ...TARGET, met },
    rows: rows.map((r) => ({
      ...r,
      emptySealMs: { median: round(r.emptySealMs.median), max: round(r.emptySealMs.max) },
      perTxCount: r.perTxCount.map((p) => ({
        txs: p.txs,
        median: round(p.median),
        max: round(p.max),
        executeMedian: round(p.executeMedian),
        buildMedian: round(p.buildMedian),
      })),
    })),
  };
  const dir = resolve(process.cwd(), 'bench', 'reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, 'localnet-seal.json'), `${JSON.stringify(report, null, 2)}\n`);
  const lines = [
    '# LocalChain seal benchmark',
    '',
    `- date: ${report.date}`,
    `- commit: ${report.commit}`,
    `- machine: ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGb} GB, Node ${report.machine.node}; load average ${report.machine.loadAverage.before} before, ${report.machine.loadAverage.after} after`,
    `- target: a seal under ${TARGET.intervalMs} ms (the block interval) with ${TARGET.accounts} accounts and ${TARGET.txs} transactions per block: **${met === undefined ? 'not measured' : met ? 'met' : 'NOT met'}** (max of ${ROUNDS} rounds)`,
    '',
    'Times in ms; `execute` = emulator steps (async, one per message), `build` = TL-B block building',
    '(synchronous phases, with yields to the event loop between blocks and phases). Accounts are injected with setShardAccount and',
    'enter the chain in one seal ("inject seal"); each measured transaction is an internal message to a',
    'different wallet v4. The emulator step (@ton/sandbox: WASM plus its own BoC handling in JS) costs',
    'several ms per transaction and dominates; block building grows with the transactions, barely with',
    'the accounts (incremental ShardAccounts: only the touched paths are rebuilt).',
    '',
    '| accounts | inject seal | empty seal (median / max) | txs/block | seal median | seal max | execute median | build median |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.rows.flatMap((r) =>
      r.perTxCount.map(
        (p) =>
          `| ${r.accounts} | ${r.injectSealMs} | ${r.emptySealMs.median} / ${r.emptySealMs.max} | ${p.txs} | ${p.median} | ${p.max} | ${p.executeMedian} | ${p.buildMedian} |`,
      ),
    ),
    '',
  ];
  writeFileSync(resolve(dir, 'localnet-seal.md'), lines.join('\n'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
