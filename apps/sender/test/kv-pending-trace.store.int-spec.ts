import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { natsUrl, uniqueName } from '@app/testing';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { KvPendingTraceStore } from '../src/pending/kv-pending-trace.store';
import { type PendingTrace } from '../src/pending/pending-trace';

const A = `0:${'A'.repeat(64)}`;
const B = `0:${'B'.repeat(64)}`;
const M = `-1:${'C'.repeat(64)}`;
const hash = (n: number): string => Buffer.alloc(32, n).toString('base64');

function trace(n: number, accounts: string[]): PendingTrace {
  return {
    hash: hash(n),
    hashNorm: hash(n + 100),
    accounts,
    emulatedAt: 1_000 + n,
    trace: {
      trace_id: hash(n + 200),
      external_hash: hash(n),
      mc_seqno_start: '5',
      mc_seqno_end: '5',
      start_lt: '10',
      start_utime: 1_790_000_000,
      end_lt: '12',
      end_utime: 1_790_000_000,
      trace_info: {
        trace_state: 'pending',
        messages: 1,
        transactions: 1,
        pending_messages: 0,
        classification_state: 'unclassified',
      },
      is_incomplete: false,
    },
    actions: [],
  };
}

/** The pending traces' JetStream KV store on the real NATS server: keys, index and deletion. */
describe(KvPendingTraceStore.name, () => {
  let nc: NatsConnection;
  let bucket: string;
  let sut: KvPendingTraceStore;

  before(async () => {
    nc = await connect({ servers: natsUrl() });
    bucket = uniqueName('pending').replace(/[^A-Za-z0-9_-]/g, '_');
    sut = await KvPendingTraceStore.open(nc, bucket, 60_000);
  });

  after(async () => {
    await new Kvm(nc).open(bucket).then((kv) => kv.destroy());
    await nc.close();
  });

  it('finds traces by raw or normalised hash and by account, and forgets deleted ones', async () => {
    const one = trace(1, [A, B]);
    const two = trace(2, [B, M]);
    await sut.put(one);
    await sut.put(two);

    assert.deepEqual(await sut.byHashes([hash(1)]), [one]);
    assert.deepEqual(await sut.byHashes([hash(102), hash(99)]), [two]);
    assert.deepEqual(
      (await sut.byAccount(B, 10)).map((t) => t.hash).sort(),
      [hash(1), hash(2)].sort(),
    );
    assert.deepEqual(await sut.byAccount(M, 10), [two]);
    assert.deepEqual((await sut.hashes(10)).sort(), [hash(1), hash(2)].sort());

    await sut.delete(hash(1));
    assert.deepEqual(await sut.byHashes([hash(1), hash(101)]), []);
    assert.deepEqual(await sut.byAccount(A, 10), []);
    assert.deepEqual(await sut.byAccount(B, 10), [two]);
    assert.deepEqual(await sut.hashes(10), [hash(2)]);
  });

  it('expires traces with the bucket max age', async () => {
    const shortBucket = `${bucket}_ttl`;
    const short = await KvPendingTraceStore.open(nc, shortBucket, 1_000);
    try {
      await short.put(trace(3, [A]));
      assert.equal((await short.byHashes([hash(3)])).length, 1);
      await new Promise((r) => setTimeout(r, 1_500));
      assert.deepEqual(await short.byHashes([hash(3)]), []);
      assert.deepEqual(await short.byAccount(A, 10), []);
    } finally {
      await new Kvm(nc).open(shortBucket).then((kv) => kv.destroy());
    }
  });
});
