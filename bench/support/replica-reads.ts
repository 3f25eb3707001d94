import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStreamingPair } from '../../test/integration/support/streaming-replica.support';
import { ColdSubjects, coldAccounts, httpRun, startPath } from '../v3-queries';
import { readsByServer } from './db-reads';
import { type LoadResult } from './latency';
import { pgClient, pgPool } from './pg';
import { type LagSample, sampleLag, waitLevel, walBytes } from './replica-lag';
import { ensureV3Dataset } from './v3-dataset';
import { walletAddress } from './v3-dataset.sql';
import { pgDataSource, type V3QueryName, V3_QUERIES } from './v3-requests';

export type ReplicaSetup = 'primary alone' | 'primary + one replica';

export interface ReplicaRow extends LoadResult {
  readonly setup: ReplicaSetup;
  readonly query: V3QueryName;
  readonly temperature: 'hot' | 'cold';
}

export interface ReplicaResult {
  readonly transactions: number;
  /** Lag of the standby sampled while the primary was written (the dataset's generation). */
  readonly lag: readonly LagSample[];
  readonly writeSeconds: number;
  readonly walBytesWritten: number;
  readonly rows: readonly ReplicaRow[];
  /** Requests by answering server (`tonapi_db_reads_total`) of each setup's query service. */
  readonly shares: Readonly<Record<ReplicaSetup, Readonly<Record<string, number>>>>;
  readonly loads: Readonly<Record<ReplicaSetup, { before: number; after: number }>>;
  readonly notes: readonly string[];
}

const CONCURRENCY = 8;
const DATABASE = 'bench_scale_replica';
const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * A private primary and a `pg_basebackup -R` standby (the read-replica integration test's pair): the
 * v3 dataset generated on the primary while the standby's lag is sampled, then v3 reads through the
 * mesh (gateway + query service) with `DATABASE_URL` alone and with `DATABASE_READ_URLS` naming the
 * standby, on the same two cores.
 */
export async function compareReplicaReads(
  transactions: number,
  settings: { durationMs: number; coldPerRun: number },
  log: (m: string) => void,
): Promise<ReplicaResult> {
  const pair = await startStreamingPair();
  const notes: string[] = [];
  try {
    const primary = await pgClient(pair.primary.url('postgres'), 'bench-scale-lag-p');
    const standby = await pgClient(pair.standby.url('postgres'), 'bench-scale-lag-s');
    const walBefore = await walBytes(primary);
    const sampler = sampleLag(primary, standby, 200);
    const started = performance.now();
    await ensureV3Dataset(pair.primary.url('postgres'), DATABASE, transactions, log);
    const writeSeconds = (performance.now() - started) / 1000;
    const walBytesWritten = (await walBytes(primary)) - walBefore;
    await waitLevel(primary, standby);
    const lag = await sampler.stop();
    await primary.end();
    await standby.end();

    const primaryUrl = pair.primary.url(DATABASE);
    const pool = pgPool(primaryUrl, 2, 'bench-scale-cold');
    const tail = await coldAccounts(pgDataSource(pool)).finally(() => pool.end());
    const pools = {
      account: new ColdSubjects(tail.accounts),
      owner: new ColdSubjects(tail.owners),
    };
    const rows: ReplicaRow[] = [];
    const shares = {} as Record<ReplicaSetup, Record<string, number>>;
    const loads = {} as Record<ReplicaSetup, { before: number; after: number }>;
    const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
    for (const setup of ['primary alone', 'primary + one replica'] as const) {
      const env: Record<string, string> =
        setup === 'primary alone' ? {} : { DATABASE_READ_URLS: pair.standby.url(DATABASE) };
      const path = await startPath('gateway, mesh (NATS)', primaryUrl, dir, notes, env);
      const before = round2(loadavg()[0] ?? 0);
      try {
        for (const q of V3_QUERIES.filter((x) => x.takes !== 'message')) {
          const subjects = pools[q.takes === 'owner' ? 'owner' : 'account'].take(
            settings.coldPerRun,
          );
          const hot = [1, 2, 3, 4].map(walletAddress);
          await httpRun(path.base, q, hot, 1, false, 2000);
          for (const [temperature, list] of [
            ['hot', hot],
            ['cold', subjects],
          ] as const) {
            log(`${setup}: ${q.name}, ${temperature}, concurrency ${String(CONCURRENCY)}`);
            const { firstFailure, ...r } = await httpRun(
              path.base,
              q,
              list,
              CONCURRENCY,
              temperature === 'cold',
              settings.durationMs,
            );
            if (firstFailure !== undefined) {
              notes.push(
                `${setup}, ${q.name}, ${temperature}: ${String(r.errors)} failed, the first HTTP ${String(firstFailure.status)} ${firstFailure.body}`,
              );
            }
            rows.push({ ...r, label: setup, setup, query: q.name, temperature });
          }
        }
        const metrics = await fetch(`http://127.0.0.1:${String(path.metricsPort ?? 0)}/metrics`);
        shares[setup] = readsByServer(await metrics.text());
        loads[setup] = { before, after: round2(loadavg()[0] ?? 0) };
      } finally {
        for (const s of path.services.reverse()) {
          await s.stop();
        }
      }
    }
    return { transactions, lag, writeSeconds, walBytesWritten, rows, shares, loads, notes };
  } finally {
    await pair.close();
  }
}
