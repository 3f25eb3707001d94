import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDataSource, type DataSource, IngestLeaderLease } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';

void describe('IngestLeaderLease (one live follower per network)', () => {
  let db: TestDatabase;
  let ds: DataSource;

  before(async () => {
    db = await createTestDatabase({ prefix: 'ingest_leader' });
    ds = await createDataSource({ url: db.url, poolSize: 2 }).initialize();
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  void it('lets one holder lead, renews it, hands over on release', async () => {
    const a = new IngestLeaderLease(ds, 'mainnet', 'a', 60_000);
    const b = new IngestLeaderLease(ds, 'mainnet', 'b', 60_000);
    assert.equal(await a.acquire(), true);
    assert.equal(await b.acquire(), false);
    assert.equal(await a.acquire(), true, 'the holder renews');
    assert.equal(await b.currentHolder(), 'a');
    await b.release();
    assert.equal(await a.currentHolder(), 'a', 'a non-holder cannot release');
    await a.release();
    assert.equal(await b.acquire(), true);
    assert.equal(await a.acquire(), false);
  });

  void it('lets another holder take an expired lease; leases of other networks are independent', async () => {
    const a = new IngestLeaderLease(ds, 'testnet', 'a', 150);
    const b = new IngestLeaderLease(ds, 'testnet', 'b', 150);
    const other = new IngestLeaderLease(ds, 'local', 'b', 150);
    assert.equal(await a.acquire(), true);
    assert.equal(await other.acquire(), true);
    assert.equal(await b.acquire(), false);
    // The 150 ms lease lapses on PostgreSQL's clock: nobody holds it once it has.
    const deadline = Date.now() + 5_000;
    while ((await a.currentHolder()) !== null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal(await a.currentHolder(), null);
    assert.equal(await b.acquire(), true);
    assert.equal(await a.acquire(), false);
  });
});
