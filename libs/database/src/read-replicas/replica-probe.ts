import { type DataSource } from 'typeorm';
import { parseWalLsn } from './wal-lsn';

/** What one probe of a read replica found. */
export interface ReplicaProbe {
  /** pg_is_in_recovery(): a standby replaying the primary's WAL. */
  readonly inRecovery: boolean;
  /** pg_last_wal_replay_lsn(): how far it has replayed (undefined before any replay). */
  readonly replayLsn: bigint | undefined;
  /**
   * Seconds since the last transaction it replayed was committed, when it has received WAL it has not
   * replayed yet; 0 when it has replayed all it received (an idle primary sends nothing to replay).
   */
  readonly replayAgeSeconds: number;
}

/** The recovery information functions: https://www.postgresql.org/docs/15/functions-admin.html#FUNCTIONS-RECOVERY-INFO-TABLE */
const REPLICA_PROBE_SQL = `SELECT pg_is_in_recovery() AS in_recovery,
  pg_last_wal_replay_lsn()::text AS replay_lsn,
  CASE WHEN pg_last_wal_receive_lsn() IS NULL OR pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() THEN 0
       ELSE COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0)
  END::float8 AS replay_age`;

/** The primary's WAL position (a primary in recovery itself: how far it has replayed). */
const PRIMARY_LSN_SQL = `SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()
  ELSE pg_current_wal_lsn() END)::text AS lsn`;

export async function probeReplica(ds: DataSource, timeoutMs: number): Promise<ReplicaProbe> {
  const [row] = await withTimeout(
    ds.query<{ in_recovery: boolean; replay_lsn: string | null; replay_age: number }[]>(
      REPLICA_PROBE_SQL,
    ),
    timeoutMs,
    'probe answer',
  );
  if (row === undefined) {
    throw new Error('the probe returned no row');
  }
  return {
    inRecovery: row.in_recovery,
    replayLsn: parseWalLsn(row.replay_lsn),
    replayAgeSeconds: Math.max(0, row.replay_age),
  };
}

export async function probePrimaryLsn(ds: DataSource, timeoutMs: number): Promise<bigint> {
  const [row] = await withTimeout(
    ds.query<{ lsn: string | null }[]>(PRIMARY_LSN_SQL),
    timeoutMs,
    'primary WAL position',
  );
  const lsn = parseWalLsn(row?.lsn);
  if (lsn === undefined) {
    throw new Error(`the primary reported no WAL position (${String(row?.lsn)})`);
  }
  return lsn;
}

/** `work`, or a rejection naming `what` when it takes longer than `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no ${what} within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
