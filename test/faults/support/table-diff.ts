import { type DataSource } from '@app/database';

/**
 * Columns whose value depends on when or in which order rows were written, not on the chain:
 * surrogate keys (bigserial `id`) and wall-clock stamps.
 */
const VOLATILE_COLUMNS = ['id', 'created_at', 'updated_at', 'detected_at'];

export interface TableDiff {
  readonly table: string;
  /** Rows of the reference missing from the database under test. */
  readonly lost: number;
  /** Rows of the database under test that the reference does not have (duplicates included). */
  readonly extra: number;
  readonly rows: number;
  /** A few differing rows, for the failure message. */
  readonly sample: readonly string[];
}

async function rowsOf(ds: DataSource, table: string): Promise<string[]> {
  const drop = VOLATILE_COLUMNS.map((c) => ` - '${c}'`).join('');
  const rows: { row: string }[] = await ds.query(
    `SELECT (to_jsonb(t)${drop})::text AS row FROM "${table}" t`,
  );
  return rows.map((r) => r.row);
}

/**
 * Compares `tables` of `actual` with the same tables of `reference` as multisets of rows (volatile
 * columns left out): what a fault lost, and what it wrote twice or differently.
 */
export async function diffTables(
  actual: DataSource,
  reference: DataSource,
  tables: readonly string[],
): Promise<TableDiff[]> {
  const diffs: TableDiff[] = [];
  for (const table of tables) {
    const counts = new Map<string, number>();
    const want = await rowsOf(reference, table);
    for (const row of want) {
      counts.set(row, (counts.get(row) ?? 0) + 1);
    }
    const got = await rowsOf(actual, table);
    let extra = 0;
    const sample: string[] = [];
    for (const row of got) {
      const left = counts.get(row) ?? 0;
      if (left > 0) {
        counts.set(row, left - 1);
      } else {
        extra += 1;
        if (sample.length < 3) {
          sample.push(`extra ${row.slice(0, 300)}`);
        }
      }
    }
    let lost = 0;
    for (const [row, left] of counts) {
      lost += left;
      if (left > 0 && sample.length < 6) {
        sample.push(`lost ${row.slice(0, 300)}`);
      }
    }
    diffs.push({ table, lost, extra, rows: want.length, sample });
  }
  return diffs;
}

/** Lost plus extra rows over all tables. */
export function differingRows(diffs: readonly TableDiff[]): number {
  return diffs.reduce((n, d) => n + d.lost + d.extra, 0);
}

/** The tables that differ, with samples, for an assertion message. */
export function describeDiffs(diffs: readonly TableDiff[]): string {
  const differing = diffs.filter((d) => d.lost + d.extra > 0);
  if (differing.length === 0) {
    return 'no difference';
  }
  return differing
    .map(
      (d) =>
        `${d.table}: ${String(d.lost)} lost, ${String(d.extra)} extra of ${String(d.rows)}\n  ${d.sample.join('\n  ')}`,
    )
    .join('\n');
}
