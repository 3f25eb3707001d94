import { type PgQueryable } from './pg';

/** One reading of how far a streaming standby is behind its primary. */
export interface LagSample {
  /** Milliseconds since sampling started. */
  readonly atMs: number;
  /** `pg_current_wal_lsn()` on the primary minus `pg_last_wal_replay_lsn()` on the standby. */
  readonly bytes: number;
  /**
   * `now() - pg_last_xact_replay_timestamp()` on the standby while it has WAL left to replay, 0 when
   * level: on an idle primary the timestamp ages without any lag (docs/scaling.md).
   */
  readonly seconds: number;
}

async function one(
  primary: PgQueryable,
  standby: PgQueryable,
): Promise<{ bytes: number; seconds: number }> {
  const p = await primary.query(`SELECT pg_current_wal_lsn()::text AS lsn`);
  const lsn = (p.rows[0] as { lsn: string }).lsn;
  const s = await standby.query(
    `SELECT pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::float8 AS bytes,
       coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0)::float8 AS seconds`,
    [lsn],
  );
  const row = s.rows[0] as { bytes: number; seconds: number };
  const bytes = Math.max(0, row.bytes);
  return { bytes, seconds: bytes > 0 ? row.seconds : 0 };
}

/** The WAL position of the primary, in bytes from 0/0. */
export async function walBytes(primary: PgQueryable): Promise<number> {
  const { rows } = await primary.query(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS n`,
  );
  return (rows[0] as { n: number }).n;
}

/**
 * Samples the standby's lag every `everyMs` until `stop()`, which resolves to the samples; `count()`
 * is how many there are so far (to split them at a moment of the load).
 */
export function sampleLag(
  primary: PgQueryable,
  standby: PgQueryable,
  everyMs: number,
): { count(): number; stop(): Promise<LagSample[]> } {
  const samples: LagSample[] = [];
  const started = performance.now();
  const state = { running: true };
  const loop = (async (): Promise<void> => {
    while (state.running) {
      const at = performance.now();
      try {
        samples.push({ atMs: Math.round(at - started), ...(await one(primary, standby)) });
      } catch {
        // A sample that fails (a connection busy with the load's own work) is simply missing.
      }
      const wait = everyMs - (performance.now() - at);
      if (wait > 0) {
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  })();
  return {
    count: () => samples.length,
    stop: async () => {
      state.running = false;
      await loop;
      return samples;
    },
  };
}

/** Waits until the standby has replayed everything the primary wrote (lag 0 bytes). */
export async function waitLevel(primary: PgQueryable, standby: PgQueryable): Promise<void> {
  const deadline = Date.now() + 600_000;
  while ((await one(primary, standby)).bytes > 0) {
    if (Date.now() > deadline) {
      throw new Error('the standby did not catch up within 10 minutes');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
