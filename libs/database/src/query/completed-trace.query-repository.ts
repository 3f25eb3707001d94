import { type DataSource } from 'typeorm';

/**
 * Which external messages already have their real trace indexed to the end: the pending-trace side
 * drops an emulated trace once `traces` holds the trace its message started in state `complete` (the
 * decoder classifies a trace in the block that completes it, so complete means classified too; toncenter
 * drops pending traces "complete and classified in PG",
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). Matched on
 * the raw hash (`traces_external_hash_idx`) or the normalised one.
 */
export class CompletedTraceQueryRepository {
  constructor(private readonly ds: DataSource) {}

  async completed(externalHashes: readonly string[]): Promise<Set<string>> {
    if (externalHashes.length === 0) {
      return new Set();
    }
    const rows: { external_hash: string; external_hash_norm: string | null }[] =
      await this.ds.query(
        `SELECT external_hash, external_hash_norm FROM traces
          WHERE state = 'complete'
            AND (external_hash = ANY($1::char(44)[]) OR external_hash_norm = ANY($1::char(44)[]))`,
        [externalHashes],
      );
    const wanted = new Set(externalHashes);
    const found = new Set<string>();
    for (const r of rows) {
      for (const h of [r.external_hash, r.external_hash_norm]) {
        if (h !== null && wanted.has(h)) {
          found.add(h);
        }
      }
    }
    return found;
  }
}
