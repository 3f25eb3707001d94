import { type QueryRunner } from 'typeorm';

/**
 * The steps of turning a table into a range-partitioned one in place and back (migrations
 * PartitionHistory and PartitionTraceHistory): the table's data files become its oldest partition,
 * its indexes are adopted, no row is rewritten
 * (https://www.postgresql.org/docs/current/ddl-partitioning.html). Kept out of the migrations folder,
 * whose every file is loaded as a migration.
 */

export function alignUp(value: bigint, width: bigint): bigint {
  if (value <= 0n) {
    return 0n;
  }
  return ((value + width - 1n) / width) * width;
}

/** The name of the partition starting at `from` (the oldest one: `<table>_lt_min`). */
export function partitionName(table: string, from: bigint | null): string {
  return from === null ? `${table}_lt_min` : `${table}_lt_${from.toString()}`;
}

export interface IndexDefinition {
  readonly name: string;
  readonly definition: string;
  readonly constraint: string | null;
}

/** The indexes of `table`: name, CREATE INDEX statement, and the constraint it backs (the primary key). */
export async function indexesOf(q: QueryRunner, table: string): Promise<IndexDefinition[]> {
  return (await q.query(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition, c.conname AS constraint
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid
     WHERE x.indrelid = $1::regclass
     ORDER BY i.relname`,
    [`public."${table}"`],
  )) as IndexDefinition[];
}

export async function partitionInPlace(
  q: QueryRunner,
  table: string,
  column: string,
  bound: bigint,
): Promise<void> {
  const oldest = partitionName(table, null);
  const indexes = await indexesOf(q, table);
  await q.query(`ALTER TABLE "${table}" RENAME TO "${oldest}"`);
  for (const index of indexes) {
    if (index.constraint !== null) {
      await q.query(
        `ALTER TABLE "${oldest}" RENAME CONSTRAINT "${index.constraint}" TO "${oldest}_${index.constraint}"`,
      );
    } else {
      await q.query(`ALTER INDEX "${index.name}" RENAME TO "${oldest}_${index.name}"`);
    }
  }
  await q.query(
    `CREATE TABLE "${table}" (LIKE "${oldest}" INCLUDING DEFAULTS INCLUDING STORAGE) PARTITION BY RANGE ("${column}")`,
  );
  for (const index of indexes) {
    if (index.constraint !== null) {
      const [def] = (await q.query(
        `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
         WHERE c.conrelid = $1::regclass AND c.conname = $2`,
        [`public."${oldest}"`, `${oldest}_${index.constraint}`],
      )) as { def: string }[];
      await q.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${index.constraint}" ${def?.def ?? ''}`,
      );
    } else {
      // pg_get_indexdef named the table before its rename: `ON public.<table>`, now the parent.
      await q.query(index.definition);
    }
  }
  const check = `${oldest}_bound_check`;
  await q.query(`ALTER TABLE "${oldest}" ADD CONSTRAINT "${check}" CHECK ("${column}" < ${bound})`);
  await q.query(
    `ALTER TABLE "${table}" ATTACH PARTITION "${oldest}" FOR VALUES FROM (MINVALUE) TO (${bound})`,
  );
  // The partition constraint now says the same.
  await q.query(`ALTER TABLE "${oldest}" DROP CONSTRAINT "${check}"`);
}

export async function createPartition(
  q: QueryRunner,
  table: string,
  from: bigint,
  to: bigint,
): Promise<void> {
  await q.query(
    `CREATE TABLE "${partitionName(table, from)}" PARTITION OF "${table}" FOR VALUES FROM (${from}) TO (${to})`,
  );
}

/**
 * The way back: the newer partitions' rows are copied into the oldest one (which then holds every
 * row), the parent is dropped, and the oldest partition takes back the table's name and its index
 * names.
 */
export async function unpartition(q: QueryRunner, table: string): Promise<void> {
  const oldest = partitionName(table, null);
  await q.query(`ALTER TABLE "${table}" DETACH PARTITION "${oldest}"`);
  await q.query(`INSERT INTO "${oldest}" SELECT * FROM "${table}"`);
  const parentIndexes = await indexesOf(q, table);
  await q.query(`DROP TABLE "${table}"`);
  await q.query(`ALTER TABLE "${oldest}" RENAME TO "${table}"`);
  for (const index of parentIndexes) {
    if (index.constraint !== null) {
      await q.query(
        `ALTER TABLE "${table}" RENAME CONSTRAINT "${oldest}_${index.constraint}" TO "${index.constraint}"`,
      );
    } else {
      await q.query(`ALTER INDEX "${oldest}_${index.name}" RENAME TO "${index.name}"`);
    }
  }
}
