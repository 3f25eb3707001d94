/**
 * Benchmark (issue 4): getAddressInformation, runGetMethod and getTransactions through the gateway
 * (single process) against the same reads made directly with ton-lite-client on the same localnet.
 * Writes bench/reports/v2-methods.{md,json}. Not a test.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Address } from '@ton/core';
import { findFreePort } from '@app/database';
import { parseGlobalConfig } from '@app/ton';
import { LiteClient, LiteSingleEngine } from 'ton-lite-client';
import { type LoadResult, measureLoad } from './support/latency';
import { type Service, startService } from './support/processes';
import { contextLines, runContext, writeReport } from './support/report';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? '5000');
const CONCURRENCY = [1, 16];

interface Read {
  readonly name: string;
  http(base: string): Promise<boolean>;
  direct(client: LiteClient): Promise<boolean>;
}

function reads(wallet: Address): Read[] {
  const friendly = wallet.toString({ urlSafe: true, bounceable: true });
  const ok = async (res: Response): Promise<boolean> => {
    const body = (await res.json()) as { ok?: boolean };
    return res.status === 200 && body.ok === true;
  };
  return [
    {
      name: 'getAddressInformation',
      http: async (base) =>
        ok(await fetch(`${base}/api/v2/getAddressInformation?address=${friendly}`)),
      direct: async (client) => {
        const { last } = await client.getMasterchainInfo();
        await client.getAccountState(wallet, last);
        return true;
      },
    },
    {
      name: 'runGetMethod',
      http: async (base) =>
        ok(
          await fetch(`${base}/api/v2/runGetMethod`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ address: friendly, method: 'seqno', stack: [] }),
          }),
        ),
      direct: async (client) => {
        const { last } = await client.getMasterchainInfo();
        const r = await client.runMethod(wallet, 'seqno', Buffer.alloc(0), last);
        return r.exitCode === 0;
      },
    },
    {
      name: 'getTransactions',
      http: async (base) =>
        ok(await fetch(`${base}/api/v2/getTransactions?address=${friendly}&limit=10`)),
      direct: async (client) => {
        const { last } = await client.getMasterchainInfo();
        const state = await client.getAccountState(wallet, last);
        if (!state.lastTx) {
          return false;
        }
        const hash = Buffer.from(state.lastTx.hash.toString(16).padStart(64, '0'), 'hex');
        await client.getAccountTransactions(wallet, state.lastTx.lt.toString(), hash, 10);
        return true;
      },
    },
  ];
}

export async function runV2MethodsBench(): Promise<string> {
  const ctx = runContext();
  const dir = mkdtempSync(join(tmpdir(), 'bench-v2m-'));
  const configPath = join(dir, 'localnet.config.json');
  const accountsPath = join(dir, 'localnet.accounts.json');
  const services: Service[] = [];
  const results: (LoadResult & { read: string })[] = [];
  try {
    services.push(
      await startService(
        'localnet',
        'apps/localnet/src/cli.js',
        ['--seed', 'genesis', '--config-out', configPath, '--accounts-out', accountsPath],
        {},
        /localnet ready/,
      ),
    );
    const [endpoint] = parseGlobalConfig(JSON.parse(readFileSync(configPath, 'utf8')) as unknown);
    const accounts = JSON.parse(readFileSync(accountsPath, 'utf8')) as {
      accounts: { name: string; address: string }[];
    };
    const walletRaw = accounts.accounts.find((a) => a.name === 'wallet-v4r2')?.address;
    if (!endpoint || walletRaw === undefined) {
      throw new Error('the localnet wrote no liteserver or no wallet-v4r2');
    }
    const wallet = Address.parseRaw(walletRaw);
    const port = await findFreePort();
    services.push(
      await startService(
        'standalone',
        'apps/standalone/src/main.js',
        [],
        { PORT: String(port), HOST: '127.0.0.1', LITESERVERS_CONFIG: configPath, NATS_URL: '' },
        /ready: open/,
      ),
    );
    const engine = new LiteSingleEngine({
      host: `tcp://${endpoint.host}:${endpoint.port}`,
      publicKey: endpoint.publicKey,
    });
    await new Promise((r) => engine.once('ready', r));
    const client = new LiteClient({ engine });
    for (const read of reads(wallet)) {
      for (const c of CONCURRENCY) {
        results.push({
          read: read.name,
          ...(await measureLoad('direct ton-lite-client', c, DURATION_MS, () =>
            read.direct(client),
          )),
        });
        results.push({
          read: read.name,
          ...(await measureLoad('gateway, single process', c, DURATION_MS, () =>
            read.http(`http://127.0.0.1:${port}`),
          )),
        });
      }
    }
    engine.close();
  } finally {
    for (const s of services.reverse()) {
      await s.stop();
    }
  }
  const markdown = [
    '# v2 reads benchmark: gateway vs direct ton-lite-client',
    '',
    contextLines(ctx),
    `- duration per run: ${DURATION_MS} ms; the direct client makes the same liteserver calls the service makes (head, then the read)`,
    '- no response cache for these reads yet: every request reaches the liteserver (ton-lite-client caches account states per block itself, which flatters the direct getAddressInformation)',
    '',
    '| read | path | concurrency | req/s | p50 ms | p99 ms | requests | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.read} | ${r.label} | ${r.concurrency} | ${r.rps} | ${r.p50Ms} | ${r.p99Ms} | ${r.requests} | ${r.errors} |`,
    ),
  ].join('\n');
  return writeReport('v2-methods', markdown, { context: ctx, results });
}
