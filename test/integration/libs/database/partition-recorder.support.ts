import assert from 'node:assert/strict';
import { type QueryRunner } from 'typeorm';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** A partition of the lt-partitioned history tables: `<table>_lt_min` or `<table>_lt_<from>`. */
const PARTITION = /^(.+)_lt_(min|\d+)$/;

/** The partitions a plan read (scans with at least one loop; pruned ones are absent or never run). */
function partitionsRead(node: PlanNode, found = new Set<string>()): Set<string> {
  const name = node['Relation Name'];
  if (name !== undefined && PARTITION.test(name) && (node['Actual Loops'] ?? 0) > 0) {
    found.add(name);
  }
  for (const child of node.Plans ?? []) {
    partitionsRead(child, found);
  }
  return found;
}

/**
 * The lookups of lts by hash, action id, trace id or account that precede a read (they read no
 * partitioned table).
 */
const LOOKUP =
  /^SELECT (DISTINCT (((tx_|trace_end_)?lt)::text AS lt FROM (transaction_lts|message_lts|action_lts)|lt_from::text AS "from", lt_to::text AS "to" FROM account_lt_ranges)|trace_id, start_lt::text AS start_lt, end_lt::text AS end_lt\s+FROM traces)\s/;

/**
 * A DataSource stand-in for the repositories (they only call `query`) that runs every statement under
 * EXPLAIN (ANALYZE, FORMAT JSON) first, to record the partitions it really read, plan-time and
 * run-time pruning both, then runs it for its rows.
 */
export class PartitionRecorder {
  readonly read: string[][] = [];

  constructor(private readonly runner: QueryRunner) {}

  async query<T>(sql: string, params?: unknown[]): Promise<T> {
    const [row] = (await this.runner.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)) as {
      'QUERY PLAN': { Plan: PlanNode }[];
    }[];
    const plan = row?.['QUERY PLAN'][0]?.Plan;
    assert.ok(plan, `no plan for ${sql}`);
    if (!LOOKUP.test(sql)) {
      this.read.push([...partitionsRead(plan)].sort());
    }
    return (await this.runner.query(sql, params)) as T;
  }
}
