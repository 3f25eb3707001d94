import { type DataSource } from '@app/database';
import { type QueryRunner } from 'typeorm';
import { type DecodedGenesis, decodedGenesis } from '../../support/decoded-genesis';
import { PartitionRecorder } from './partition-recorder.support';

/**
 * The genesis seed ingested and decoded into history partitions a quarter of its lt span wide (from
 * lt 0, so its history spans several), with a recorder of the partitions each statement reads.
 */
export class PartitionedGenesis {
  private constructor(
    readonly genesis: DecodedGenesis,
    readonly width: bigint,
    private readonly runner: QueryRunner,
    readonly recorder: PartitionRecorder,
  ) {}

  static async start(prefix: string): Promise<PartitionedGenesis> {
    let width = 0n;
    const genesis = await decodedGenesis(prefix, {
      beforeIngest: async (db, localnet) => {
        width = localnet.chain.head().endLt / 4n + 1n;
        for (const { parent, name } of await db.query<{ parent: string; name: string }[]>(
          `SELECT p.relname AS parent, c.relname AS name FROM pg_inherits i
           JOIN pg_class p ON p.oid = i.inhparent JOIN pg_class c ON c.oid = i.inhrelid
           WHERE c.relname LIKE '%\\_lt\\_0'`,
        )) {
          await db.query(`ALTER TABLE "${parent}" DETACH PARTITION "${name}"`);
          await db.query(`DROP TABLE "${name}"`);
        }
        await db.query(`UPDATE history_partitioning SET lt_width = $1`, [width.toString()]);
      },
    });
    const runner = genesis.ds.createQueryRunner();
    await runner.connect();
    return new PartitionedGenesis(genesis, width, runner, new PartitionRecorder(runner));
  }

  get ds(): DataSource {
    return this.genesis.ds;
  }

  /** The recorder as the DataSource a repository takes (repositories only call `query`). */
  get source(): DataSource {
    return this.recorder as unknown as DataSource;
  }

  async close(): Promise<void> {
    await this.runner.release();
    await this.genesis.close();
  }

  /** The partition of `table` holding `lt`. */
  partitionOf(table: string, lt: string | bigint): string {
    const value = BigInt(lt);
    const width = this.width;
    return value < 0n ? `${table}_lt_min` : `${table}_lt_${((value / width) * width).toString()}`;
  }

  partitionsOf(table: string, lts: readonly (string | bigint)[]): string[] {
    return [...new Set(lts.map((lt) => this.partitionOf(table, lt)))].sort();
  }

  /** The partitions of `table` covering [from, to]. */
  partitionsBetween(table: string, from: string, to: string): string[] {
    const out: string[] = [];
    for (
      let start = (BigInt(from) / this.width) * this.width;
      start <= BigInt(to);
      start += this.width
    ) {
      out.push(this.partitionOf(table, start));
    }
    return out.sort();
  }

  /**
   * Runs `call` and returns the partitions each of its statements read, in order (the lookups of
   * lts by hash left out).
   */
  async readBy(call: () => Promise<unknown>): Promise<string[][]> {
    const from = this.recorder.read.length;
    await call();
    return this.recorder.read.slice(from);
  }
}
