import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appliedMigrations, createDataSource, databaseExists } from '@app/database';
import { createTestDatabase, natsUrl, testServerUrl } from '@app/testing';

void describe('createTestDatabase', () => {
  void it('creates a migrated database of its own and drops it', async () => {
    const sut = await createTestDatabase({ prefix: 'helper' });
    assert.match(sut.name, /^helper_[a-z0-9]+_[a-z0-9]+_[0-9a-f]{6}$/);
    assert.equal(sut.url, `postgres://postgres@127.0.0.1:5432/${sut.name}`);
    const ds = createDataSource({ url: sut.url, poolSize: 1 });
    await ds.initialize();
    try {
      assert.deepEqual(await appliedMigrations(ds), [
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
    } finally {
      await ds.destroy();
    }
    assert.equal(await databaseExists(testServerUrl(), sut.name), true);
    await sut.drop();
    assert.equal(await databaseExists(testServerUrl(), sut.name), false);
  });

  void it('natsUrl defaults to the local JetStream server', () => {
    const saved = process.env.NATS_URL;
    try {
      delete process.env.NATS_URL;
      assert.equal(natsUrl(), 'nats://127.0.0.1:4222');
      process.env.NATS_URL = 'nats://nats:4222';
      assert.equal(natsUrl(), 'nats://nats:4222');
    } finally {
      if (saved === undefined) {
        delete process.env.NATS_URL;
      } else {
        process.env.NATS_URL = saved;
      }
    }
  });
});
