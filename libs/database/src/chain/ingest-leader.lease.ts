import { type DataSource } from 'typeorm';
import { type IngestLeaderEntity } from '../entities/ingest-leader.entity';
import { type QueryRow } from '../entities/query-row';

type HolderRow = QueryRow<IngestLeaderEntity, 'holder'>;

/**
 * A leader lease in PostgreSQL (table `ingest_leader`, after the indexer's `ton_indexer_leader`): one
 * live follower per network holds it and renews it; another may take it only once it has expired.
 * A lease, not a session advisory lock, so that it survives connection-pool churn and a PostgreSQL
 * restart decides nothing by itself; writes stay idempotent, so a leader that lost the lease a moment
 * ago cannot corrupt anything either.
 */
export class IngestLeaderLease {
  constructor(
    private readonly dataSource: DataSource,
    private readonly name: string,
    private readonly holder: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes or renews the lease; true when this holder has it for the next ttlMs. */
  async acquire(): Promise<boolean> {
    const rows: HolderRow[] = await this.dataSource.query(
      `INSERT INTO "ingest_leader" ("name", "holder", "expires_at")
       VALUES ($1, $2, now() + ($3::int * interval '1 millisecond'))
       ON CONFLICT ("name") DO UPDATE SET "holder" = EXCLUDED."holder", "expires_at" = EXCLUDED."expires_at"
       WHERE "ingest_leader"."holder" = EXCLUDED."holder" OR "ingest_leader"."expires_at" < now()
       RETURNING "holder"`,
      [this.name, this.holder, this.ttlMs],
    );
    return rows.length === 1 && rows[0]?.holder === this.holder;
  }

  /** Gives the lease up (shutdown) so a standby takes over without waiting for expiry. */
  async release(): Promise<void> {
    await this.dataSource.query(`DELETE FROM "ingest_leader" WHERE "name" = $1 AND "holder" = $2`, [
      this.name,
      this.holder,
    ]);
  }

  async currentHolder(): Promise<string | null> {
    const rows: HolderRow[] = await this.dataSource.query(
      `SELECT "holder" FROM "ingest_leader" WHERE "name" = $1 AND "expires_at" >= now()`,
      [this.name],
    );
    return rows[0]?.holder ?? null;
  }
}
