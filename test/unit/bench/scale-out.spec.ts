/**
 * The scale-out report's arithmetic (bench/support/scale-out.extrapolation.ts) and the parse of the
 * query service's per-server read counters it quotes (bench/support/db-reads.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readsByServer } from '../../../bench/support/db-reads';
import {
  bytesText,
  projectToMainnet,
  replicasFor,
} from '../../../bench/support/scale-out.extrapolation';

describe('projectToMainnet', () => {
  it('carries the measured bytes per transaction to a partition of the default width and a year', () => {
    const p = projectToMainnet(1_000_000, 5_000_000_000, [
      {
        table: 'transactions',
        partitioned: true,
        rows: 1_000_000,
        tableBytes: 1_000_000_000,
        indexes: [{ name: 'transactions_account_lt_idx', bytes: 200_000_000 }],
      },
    ]);
    // 10^12 of lt at 10^13 a year: 36.5 days of 5.5M transactions.
    assert.equal(p.daysPerPartition, 36.5);
    assert.equal(p.transactionsPerPartition, 200_750_000);
    assert.equal(p.partitionsPerYear, 10);
    assert.equal(p.partitionsToDate, 50);
    assert.equal(p.bytesPerTransaction, 5000);
    assert.equal(p.bytesPerYear, 10_037_500_000_000);
    assert.deepEqual(p.tables, [
      {
        table: 'transactions',
        partitioned: true,
        rowsPerPartition: 200_750_000,
        tableBytesPerPartition: 200_750_000_000,
        indexBytesPerPartition: [{ name: 'transactions_account_lt_idx', bytes: 40_150_000_000 }],
        bytesPerYear: 2_409_000_000_000,
      },
    ]);
  });

  it('narrows the partitions with the width', () => {
    const p = projectToMainnet(1, 1, [], 100_000_000_000);
    assert.equal(p.daysPerPartition, 3.65);
    assert.equal(p.partitionsPerYear, 100);
    assert.equal(p.partitionsToDate, 500);
  });
});

describe('replicasFor', () => {
  it('scales the measured rate by cores and adds a spare', () => {
    // 100 req/s on 2 cores → 800 on 16; 1000 req/s need 2, plus one spare.
    assert.equal(replicasFor(1000, 100, 2, 16), 3);
    assert.equal(replicasFor(800, 100, 2, 16), 2);
  });

  it('has no answer without a measured rate', () => {
    assert.ok(Number.isNaN(replicasFor(1000, 0, 2, 16)));
  });
});

describe('bytesText', () => {
  it('prints binary units', () => {
    assert.equal(bytesText(512), '512 B');
    assert.equal(bytesText(1536), '1.5 KiB');
    assert.equal(bytesText(46.1 * 2 ** 30), '46.1 GiB');
    assert.equal(bytesText(10 * 2 ** 40), '10.0 TiB');
  });
});

describe('readsByServer', () => {
  it('reads the per-server counters and nothing else', () => {
    const metrics = [
      '# HELP tonapi_db_reads_total v3 reads by the server that answered them',
      '# TYPE tonapi_db_reads_total counter',
      'tonapi_db_reads_total{server="primary"} 12',
      'tonapi_db_reads_total{server="127.0.0.1:5433/bench"} 519',
      'tonapi_db_read_replica_up{replica="127.0.0.1:5433/bench"} 1',
    ].join('\n');
    assert.deepEqual(readsByServer(metrics), { primary: 12, '127.0.0.1:5433/bench': 519 });
  });
});
