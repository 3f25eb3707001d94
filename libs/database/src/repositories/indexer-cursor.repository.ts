import { DataSource, EntityManager } from 'typeorm';
import { IndexerCursorEntity } from '../entities/indexer-cursor.entity';
import { type StatementPart } from './unnest-insert';

/**
 * The ingestor's resumable position (table `indexer_cursor`). Seqnos are 32-bit (a JS number holds them exactly), stored in a bigint column; conversion happens here, once.
 */
export class IndexerCursorRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The last fully written masterchain seqno of follower `name`, or null before its first block. */
  async get(name: string): Promise<number | null> {
    const row = await this.dataSource.getRepository(IndexerCursorEntity).findOneBy({ name });
    return row === null ? null : Number(row.mcSeqno);
  }

  /**
   * Moves the cursor to `mcSeqno`. Idempotent and monotonic: a lower seqno (a replayed or concurrent
   * writer) never moves it back. Pass the EntityManager of a transaction to commit it atomically with
   * the block's rows.
   */
  async advance(
    name: string,
    mcSeqno: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const { sql, params } = cursorAdvance(name, mcSeqno)(1);
    await manager.query(sql, params);
  }
}

/**
 * IndexerCursorRepository.advance's statement as a part of a composed one (runComposed), so a
 * writer moves its cursor in the same round trip as its rows.
 */
export function cursorAdvance(name: string, mcSeqno: number): StatementPart {
  if (!Number.isSafeInteger(mcSeqno) || mcSeqno < 0) {
    throw new RangeError(`indexer cursor: invalid masterchain seqno ${String(mcSeqno)}`);
  }
  return (first) => ({
    sql: `INSERT INTO "indexer_cursor" ("name", "mc_seqno", "updated_at") VALUES ($${String(first)}, $${String(first + 1)}, now())
       ON CONFLICT ("name") DO UPDATE SET "mc_seqno" = EXCLUDED."mc_seqno", "updated_at" = now()
       WHERE "indexer_cursor"."mc_seqno" < EXCLUDED."mc_seqno"`,
    params: [name, mcSeqno.toString()],
  });
}
