/**
 * The paper extrapolation of the scale-out report: the sizes measured on the benchmark's partitioned
 * database, per transaction, carried to mainnet's volume. Pure arithmetic, so that every number of the
 * report's last section can be traced to a measured ratio and one of the constants below.
 */

/** Mainnet's volume today (toncenter's figures quoted in docs/scaling.md and the issue). */
export const MAINNET = {
  transactionsPerDay: 5_500_000,
  /** Logical time grew by about 10^13 a year (migration PartitionHistory's comment). */
  ltPerYear: 10_000_000_000_000,
  /** About 5·10^13 after five years: the lt of today's blocks. */
  ltNow: 50_000_000_000_000,
  /** The growth toncenter reports for its own index. */
  bytesPerYear: 10 * 2 ** 40,
} as const;

/** The default partition width (history_partitioning.lt_width after the migration). */
export const DEFAULT_LT_WIDTH = 1_000_000_000_000;

/** One table of the measured database: its rows and on-disk bytes (heap + TOAST, each index). */
export interface MeasuredTable {
  readonly table: string;
  readonly partitioned: boolean;
  readonly rows: number;
  readonly tableBytes: number;
  readonly indexes: readonly { readonly name: string; readonly bytes: number }[];
}

export interface ProjectedTable {
  readonly table: string;
  readonly partitioned: boolean;
  /** Rows and bytes in one partition's worth of chain (a full width at today's volume). */
  readonly rowsPerPartition: number;
  readonly tableBytesPerPartition: number;
  readonly indexBytesPerPartition: readonly { readonly name: string; readonly bytes: number }[];
  /** Growth of the whole table (all indexes included) per year at today's volume. */
  readonly bytesPerYear: number;
}

export interface Projection {
  readonly ltWidth: number;
  readonly daysPerPartition: number;
  readonly transactionsPerPartition: number;
  readonly partitionsPerYear: number;
  /** Partitions from lt 0 to today's lt at the width (a database indexed from genesis). */
  readonly partitionsToDate: number;
  /** Measured bytes (whole database) per transaction, and that carried to a year of mainnet. */
  readonly bytesPerTransaction: number;
  readonly bytesPerYear: number;
  readonly tables: readonly ProjectedTable[];
}

/** `transactions` measured transactions in `databaseBytes`, with `tables` measured alike. */
export function projectToMainnet(
  transactions: number,
  databaseBytes: number,
  tables: readonly MeasuredTable[],
  ltWidth = DEFAULT_LT_WIDTH,
): Projection {
  const daysPerPartition = (365 * ltWidth) / MAINNET.ltPerYear;
  const transactionsPerPartition = MAINNET.transactionsPerDay * daysPerPartition;
  const perYear = MAINNET.transactionsPerDay * 365;
  const scale = (x: number): number => Math.round((x / transactions) * transactionsPerPartition);
  return {
    ltWidth,
    daysPerPartition,
    transactionsPerPartition,
    partitionsPerYear: MAINNET.ltPerYear / ltWidth,
    partitionsToDate: Math.ceil(MAINNET.ltNow / ltWidth),
    bytesPerTransaction: Math.round(databaseBytes / transactions),
    bytesPerYear: Math.round((databaseBytes / transactions) * perYear),
    tables: tables.map((t) => ({
      table: t.table,
      partitioned: t.partitioned,
      rowsPerPartition: scale(t.rows),
      tableBytesPerPartition: scale(t.tableBytes),
      indexBytesPerPartition: t.indexes.map((i) => ({ name: i.name, bytes: scale(i.bytes) })),
      bytesPerYear: Math.round(
        ((t.tableBytes + t.indexes.reduce((s, i) => s + i.bytes, 0)) / transactions) * perYear,
      ),
    })),
  };
}

/**
 * Read replicas for `readsPerSecond` when one measured server of `measuredCores` answered
 * `measuredPerSecond`, on replicas of `replicaCores` cores (linear in cores: on paper), plus one
 * spare so that a replica can stop without the rest saturating.
 */
export function replicasFor(
  readsPerSecond: number,
  measuredPerSecond: number,
  measuredCores: number,
  replicaCores: number,
): number {
  if (measuredPerSecond <= 0) {
    return Number.NaN;
  }
  const perReplica = (measuredPerSecond / measuredCores) * replicaCores;
  return Math.ceil(readsPerSecond / perReplica) + 1;
}

/** Bytes as a short text in binary units (GiB, TiB). */
export function bytesText(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit] ?? ''}`;
}
