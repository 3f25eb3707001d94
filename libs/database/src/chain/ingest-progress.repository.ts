import { type DataSource } from 'typeorm';
import { IngestQuarantineEntity } from '../entities/ingest-quarantine.entity';
import { type QueryRow, selectList } from '../entities/query-row';

/** The columns of a quarantined block that are not stamped by the database (`created_at` is). */
const QUARANTINE_KEYS = ['workchain', 'shard', 'seqno', 'rootHash', 'mcSeqno', 'error'] as const;
type QuarantineKey = (typeof QUARANTINE_KEYS)[number];

/** A block that failed, as `ingest_quarantine` keeps it. */
export type QuarantinedBlock = Readonly<Pick<IngestQuarantineEntity, QuarantineKey>>;

/** QuarantinedBlock as a raw query returns it. */
type QuarantineRow = QueryRow<IngestQuarantineEntity, QuarantineKey>;

/** A `generate_series` value: a masterchain seqno, not a table's row. */
interface McSeqnoRow {
  seqno: number;
}

/**
 * What the ingestor needs to know about its own progress besides the cursor: which masterchain blocks
 * of a range are present (a masterchain block is written in the same transaction as its shard blocks,
 * so its row means the whole batch is there), and the quarantine of blocks that could not be indexed.
 */
export class IngestProgressRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Masterchain seqnos in [from, to] with no `blocks` row: the gaps a backfill must fill. */
  async missingMcSeqnos(from: number, to: number): Promise<number[]> {
    const rows: McSeqnoRow[] = await this.dataSource.query(
      `SELECT s.seqno::int AS seqno FROM generate_series($1::int, $2::int) AS s(seqno)
       WHERE NOT EXISTS (SELECT 1 FROM "blocks" b WHERE b."workchain" = -1
         AND b."shard" = -9223372036854775808 AND b."seqno" = s.seqno)
       ORDER BY s.seqno`,
      [from, to],
    );
    return rows.map((r) => r.seqno);
  }

  /** The highest masterchain seqno present, or null on an empty database. */
  async highestMcSeqno(): Promise<number | null> {
    const rows: { seqno: number | null }[] = await this.dataSource.query(
      `SELECT max("seqno")::int AS seqno FROM "blocks" WHERE "workchain" = -1`,
    );
    return rows[0]?.seqno ?? null;
  }

  /** Records a block that failed (idempotent: the first error is kept). */
  async quarantine(block: QuarantinedBlock): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "ingest_quarantine" (${selectList(IngestQuarantineEntity, QUARANTINE_KEYS)})
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        block.workchain,
        block.shard.toString(),
        block.seqno,
        block.rootHash,
        block.mcSeqno,
        block.error.slice(0, 4000),
      ],
    );
  }

  async quarantined(): Promise<QuarantinedBlock[]> {
    const rows: QuarantineRow[] = await this.dataSource.query(
      `SELECT ${selectList(IngestQuarantineEntity, QUARANTINE_KEYS)}
       FROM "ingest_quarantine" ORDER BY "mc_seqno", "workchain", "shard", "seqno"`,
    );
    return rows.map((r) => ({
      workchain: r.workchain,
      shard: BigInt(r.shard),
      seqno: r.seqno,
      rootHash: r.root_hash,
      mcSeqno: r.mc_seqno,
      error: r.error,
    }));
  }

  async isQuarantined(mcSeqno: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "ingest_quarantine" WHERE "mc_seqno" = $1 LIMIT 1`,
      [mcSeqno],
    );
    return rows.length > 0;
  }
}
