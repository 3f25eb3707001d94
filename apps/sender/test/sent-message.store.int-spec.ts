import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { connectNats } from '@app/nats';
import { natsUrl } from '@app/testing';
import { Kvm } from '@nats-io/kv';
import { type NatsConnection } from '@nats-io/transport-node';
import { KvSentMessageStore } from '../src/send/sent-message.store';

/**
 * The sent-hash store on the real NATS server, as two sender replicas see it (one connection each):
 * the first send of a hash wins everywhere, and the record expires with the bucket's TTL.
 */
describe(KvSentMessageStore.name, () => {
  const bucket = `test_sent_${randomBytes(6).toString('hex')}`;
  let a: NatsConnection;
  let b: NatsConnection;

  before(async () => {
    a = await connectNats({ servers: natsUrl() });
    b = await connectNats({ servers: natsUrl() });
  });

  after(async () => {
    await new Kvm(a).open(bucket).then((kv) => kv.destroy());
    await a.close();
    await b.close();
  });

  it('records a hash once across replicas, recalls it anywhere, and forgets it after the TTL', async () => {
    const replicaA = await KvSentMessageStore.open(a, bucket, 1000);
    const replicaB = await KvSentMessageStore.open(b, bucket, 1000);
    const record = {
      hash: randomBytes(32).toString('base64'),
      hash_norm: randomBytes(32).toString('base64'),
      sent_at: 1_790_000_000_000,
    };
    const results = await Promise.all([replicaA.remember(record), replicaB.remember(record)]);
    assert.deepEqual(results.sort(), [false, true]);
    assert.deepEqual(await replicaB.recall(record.hash), record);
    assert.deepEqual(await replicaA.recall(record.hash), record);
    assert.equal(await replicaA.recall(randomBytes(32).toString('base64')), undefined);

    const deadline = Date.now() + 10_000;
    while ((await replicaB.recall(record.hash)) !== undefined) {
      assert.ok(Date.now() < deadline, 'the record expires');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(await replicaA.remember(record), true);
  });
});
