import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Subjects } from '@app/contracts';
import { type ApiKeyStore, openApiKeyStore } from '@app/database';
import { connectNats } from '@app/nats';
import { createTestDatabase, natsUrl, type TestDatabase } from '@app/testing';
import { type NatsConnection } from '@nats-io/transport-node';
import { hashApiKey } from '../src/edge/auth/api-key-secret';
import { createdKey, runKeysCli } from '../../../test/e2e/support/keys-cli';

void describe('npm run keys (child process, real PostgreSQL and NATS)', () => {
  let db: TestDatabase;
  let store: ApiKeyStore;
  let nc: NatsConnection;
  let broadcasts = 0;
  let env: Record<string, string | undefined>;

  before(async () => {
    db = await createTestDatabase({ prefix: 'keys_cli' });
    store = await openApiKeyStore(db.url, 'keys-cli-int-spec');
    nc = await connectNats({ servers: natsUrl().split(',') });
    // The CLI broadcasts on the unprefixed subject (gateways of other runs only drop their caches).
    nc.subscribe(Subjects.edge.apiKeysChanged, {
      callback: () => {
        broadcasts += 1;
      },
    });
    await nc.flush();
    env = { DATABASE_URL: db.url, NATS_URL: natsUrl() };
  });

  after(async () => {
    await nc.close();
    await store.close();
    await db.drop();
  });

  void it('creates and lists plans', async () => {
    const created = await runKeysCli(env, ['plans', 'create', '--name', 'free', '--rps', '10']);
    assert.deepEqual([created.code, created.stderr], [0, '']);
    assert.deepEqual(created.lines, [
      'created plan free: 10 rps, burst 0, networks local,mainnet,testnet, streaming 2 connections / 1000 addresses',
    ]);
    const updated = await runKeysCli(env, [
      'plans',
      'update',
      '--name',
      'free',
      '--burst',
      '3',
      '--networks',
      'testnet',
      '--streaming-connections',
      '5',
    ]);
    assert.deepEqual(updated.lines, [
      'updated plan free: 10 rps, burst 3, networks testnet, streaming 5 connections / 1000 addresses',
    ]);
    const listed = await runKeysCli(env, ['plans', 'list']);
    assert.match(listed.lines[1] ?? '', /^\d+\tfree\t10\t3\ttestnet\t5\t1000$/);
    assert.equal(listed.lines.length, 2);
    assert.equal(
      listed.lines[0],
      'id\tname\trps\tburst\tnetworks\tstreaming_connections\tstreaming_addresses',
    );
  });

  void it('prints a new key alone on its last line, stores only its hash, and revokes it', async () => {
    const before = broadcasts;
    const run = await runKeysCli(env, ['create', '--plan', 'free', '--label', 'alice']);
    const key = createdKey(run);
    assert.match(run.lines[0] ?? '', /^created key \d+ of plan free \(alice\)$/);
    const active = await store.keys.findActiveByHash(hashApiKey(key));
    assert.ok(active);
    assert.equal(active.plan.name, 'free');
    assert.ok(broadcasts > before, 'gateways were told');

    const listed = await runKeysCli(env, ['list']);
    assert.equal(listed.lines.length, 2);
    assert.match(listed.lines[1] ?? '', /^\d+\tfree\talice\t\d{4}-\d\d-\d\dT[\d:.]+Z\t-$/);
    assert.equal(listed.stdout.includes(key), false, 'list never shows a key');

    const revoked = await runKeysCli(env, ['revoke', key]);
    assert.deepEqual(
      [revoked.code, revoked.lines],
      [0, [`revoked key ${active.keyId} of plan free`]],
    );
    assert.equal(await store.keys.findActiveByHash(hashApiKey(key)), null);
  });

  void it('refuses unknown plans and keys with exit code 1, bad command lines with 2', async () => {
    const unknownPlan = await runKeysCli(env, ['create', '--plan', 'gold']);
    assert.deepEqual(
      [unknownPlan.code, unknownPlan.stderr],
      [1, "keys: plan 'gold' does not exist\n"],
    );
    const unknownKey = await runKeysCli(env, ['revoke', '--id', '424242']);
    assert.deepEqual([unknownKey.code, unknownKey.stderr], [1, 'keys: no such key\n']);
    const usage = await runKeysCli(env, ['plans', 'create', '--name', 'x']);
    assert.deepEqual(
      [usage.code, usage.stderr],
      [2, 'keys: --rps is required (see npm run keys -- --help)\n'],
    );
    const noDb = await runKeysCli({ DATABASE_URL: undefined }, ['list']);
    assert.deepEqual(
      [noDb.code, noDb.stderr],
      [2, 'keys: DATABASE_URL is not set (see npm run keys -- --help)\n'],
    );
  });

  void it('still succeeds without NATS, saying gateways learn by cache TTL', async () => {
    const run = await runKeysCli({ DATABASE_URL: db.url, NATS_URL: undefined }, [
      'plans',
      'create',
      '--name',
      'quiet',
      '--rps',
      '1',
    ]);
    assert.equal(run.code, 0);
    assert.equal(
      run.stderr,
      'keys: NATS_URL not set; gateways see the change within their cache TTL\n',
    );
  });
});
