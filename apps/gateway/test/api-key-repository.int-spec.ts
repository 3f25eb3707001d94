import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ApiKeyStoreError,
  type ApiKeyStore,
  createDataSource,
  openApiKeyStore,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

/** What createPlan takes. */
type NewPlan = Parameters<ApiKeyStore['keys']['createPlan']>[0];

async function storeError(promise: Promise<unknown>): Promise<ApiKeyStoreError> {
  try {
    await promise;
  } catch (error: unknown) {
    assert.ok(error instanceof ApiKeyStoreError);
    return error;
  }
  assert.fail('expected an ApiKeyStoreError');
}

const FREE = { name: 'free', rps: 10, burst: 0, networks: ['mainnet'] } satisfies NewPlan;
const PLUS = {
  name: 'plus',
  rps: 25,
  burst: 5,
  networks: ['local'],
  streamingConnections: 10,
  streamingAddresses: 20,
} satisfies NewPlan;

void describe('ApiKeyRepository (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: ApiKeyStore;

  before(async () => {
    db = await createTestDatabase({ prefix: 'api_keys' });
    store = await openApiKeyStore(db.url, 'api-key-repository-int-spec');
  });

  after(async () => {
    await store.close();
    await db.drop();
  });

  void it('creates, updates and lists plans; names are unique', async () => {
    const sut = store.keys;
    const free = await sut.createPlan(FREE);
    // The streaming limits it was not given are the table's defaults.
    assert.deepEqual(
      { ...free, createdAt: undefined, updatedAt: undefined },
      {
        id: free.id,
        ...FREE,
        streamingConnections: 2,
        streamingAddresses: 1000,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    const duplicate = await storeError(
      sut.createPlan({ name: 'free', rps: 1, burst: 0, networks: ['local'] }),
    );
    assert.equal(duplicate.code, 'PLAN_EXISTS');
    assert.equal(duplicate.message, "plan 'free' already exists");
    const updated = await sut.updatePlan('free', { rps: 12, networks: ['mainnet', 'testnet'] });
    assert.deepEqual(
      [updated.rps, updated.burst, updated.networks],
      [12, 0, ['mainnet', 'testnet']],
    );
    assert.ok(updated.updatedAt.getTime() >= free.updatedAt.getTime());
    assert.equal((await storeError(sut.updatePlan('gold', { rps: 1 }))).code, 'PLAN_NOT_FOUND');
    await sut.createPlan(PLUS);
    const changed = await sut.updatePlan('free', { streamingAddresses: 50 });
    assert.deepEqual(
      [changed.rps, changed.streamingConnections, changed.streamingAddresses],
      [12, 2, 50],
    );
    assert.deepEqual(
      (await sut.listPlans()).map((p) => [p.name, p.rps, p.burst, p.networks]),
      [
        ['free', 12, 0, ['mainnet', 'testnet']],
        ['plus', 25, 5, ['local']],
      ],
    );
  });

  void it('the schema refuses what the CLI would never write', async () => {
    await assert.rejects(
      store.keys.createPlan({ name: 'bad-rps', rps: 0, burst: 0, networks: ['local'] }),
      /api_plans_rps_check/,
    );
    await assert.rejects(
      store.keys.createPlan({ name: 'bad-net', rps: 1, burst: 0, networks: ['devnet'] }),
      /api_plans_networks_check/,
    );
    await assert.rejects(
      store.keys.createPlan({
        name: 'bad-stream',
        rps: 1,
        burst: 0,
        networks: ['local'],
        streamingConnections: -1,
      }),
      /api_plans_streaming_connections_check/,
    );
  });

  void it('stores keys by hash, finds live ones with their plan, revokes them', async () => {
    const sut = store.keys;
    const a = await sut.createKey({ keyHash: HASH_A, planName: 'plus', label: 'alice' });
    assert.deepEqual([a.planName, a.label, a.revokedAt], ['plus', 'alice', null]);
    const b = await sut.createKey({ keyHash: HASH_B, planName: 'plus' });
    assert.equal(b.label, null);
    assert.equal(
      (await storeError(sut.createKey({ keyHash: 'c'.repeat(64), planName: 'gold' }))).code,
      'PLAN_NOT_FOUND',
    );
    const plus = (await sut.listPlans()).find((p) => p.name === 'plus');
    assert.ok(plus);
    assert.deepEqual(await sut.findActiveByHash(HASH_A), {
      keyId: a.id,
      plan: { id: plus.id, ...PLUS },
    });
    assert.equal(await sut.findActiveByHash('d'.repeat(64)), null);

    const revoked = await sut.revokeKey({ keyHash: HASH_A });
    assert.ok(revoked?.revokedAt instanceof Date);
    assert.equal(await sut.findActiveByHash(HASH_A), null);
    const again = await sut.revokeKey({ keyId: a.id });
    assert.equal(
      again?.revokedAt?.getTime(),
      revoked.revokedAt.getTime(),
      'first revocation time kept',
    );
    assert.equal(await sut.revokeKey({ keyId: 999_999 }), null);

    assert.deepEqual(
      (await sut.listKeys()).map((k) => [k.id, k.planName, k.label, k.revokedAt !== null]),
      [
        [a.id, 'plus', 'alice', true],
        [b.id, 'plus', null, false],
      ],
    );
    // Only hashes are stored.
    const ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    try {
      assert.deepEqual(await ds.query(`SELECT "key_hash" FROM "api_keys" ORDER BY "id"`), [
        { key_hash: HASH_A },
        { key_hash: HASH_B },
      ]);
    } finally {
      await ds.destroy();
    }
  });
});
