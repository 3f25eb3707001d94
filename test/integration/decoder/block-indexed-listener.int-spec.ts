import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ChainEventsStream } from '@app/contracts';
import { findFreePort } from '@app/database';
import { connectNats } from '@app/nats';
import { type ConsumerInfo, jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import pino from 'pino';
import {
  BlockIndexedListener,
  type WakeableWorker,
} from '../../../apps/decoder/src/pipeline/block-indexed.listener';
import { JetStreamBlockIndexedPublisher } from '../../../apps/ingestor/src/events/jetstream-block-indexed.publisher';
import { PrivateNats } from '../ingestor/private-services';

const DURABLE = 'decoder';
/** How soon after a consumer or a whole JetStream store is lost new events must wake the worker. */
const RECOVERY_MS = 10_000;

/** A worker whose blocks are all decoded: it records what it is asked, as the listener asks it. */
class DecodedWorker implements WakeableWorker {
  wakes = 0;
  readonly waited: number[] = [];

  wake(): void {
    this.wakes++;
  }

  waitForSeqno(seqno: number): Promise<boolean> {
    this.waited.push(seqno);
    return Promise.resolve(true);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + RECOVERY_MS;
  while (!(await Promise.resolve(check()).catch(() => false))) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(50);
  }
}

function event(mcSeqno: number) {
  const hash = Buffer.alloc(32, mcSeqno).toString('base64');
  return {
    mc_seqno: mcSeqno,
    blocks: [
      {
        workchain: -1,
        shard: '-9223372036854775808',
        seqno: mcSeqno,
        root_hash: hash,
        file_hash: hash,
      },
    ],
    tx_count: 0,
  };
}

/**
 * The decoder's block.indexed listener keeps its durable consumer alive on a private nats-server: an
 * operator deleting the consumer, and NATS restarted without its JetStream store, cost a few seconds
 * of polling, not the events for good; every event wakes the worker exactly once (none replayed, none
 * skipped) and is acknowledged.
 */
void describe('decoder: block.indexed listener re-creates its consumer', () => {
  let dir: string;
  let nats: PrivateNats;
  let nc: NatsConnection;
  let listener: BlockIndexedListener;
  const worker = new DecodedWorker();
  const logs: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        logs.push(JSON.parse(line) as { level: number; msg: string });
      },
    },
  );
  const logged = (level: number, prefix: string): number =>
    logs.filter((l) => l.level === level && l.msg.startsWith(prefix)).length;

  /** Publishes as the ingestor does, on a connection of its own (the listener's may be reconnecting). */
  async function publish(...mcSeqnos: number[]): Promise<void> {
    const pub = await connectNats({ servers: nats.url });
    try {
      const publisher = new JetStreamBlockIndexedPublisher(pub);
      for (const seqno of mcSeqnos) {
        await publisher.publish(event(seqno));
      }
    } finally {
      await pub.close();
    }
  }

  async function consumerInfo(): Promise<ConsumerInfo> {
    const admin = await connectNats({ servers: nats.url });
    try {
      return await (await jetstreamManager(admin)).consumers.info(ChainEventsStream.name, DURABLE);
    } finally {
      await admin.close();
    }
  }

  /** Everything delivered was acknowledged once: nothing pending, nothing redelivered. */
  async function assertAllAcked(): Promise<void> {
    await waitFor(async () => (await consumerInfo()).num_ack_pending === 0, 'the acks');
    const info = await consumerInfo();
    assert.deepEqual(
      {
        pending: info.num_pending,
        ackPending: info.num_ack_pending,
        redelivered: info.num_redelivered,
      },
      { pending: 0, ackPending: 0, redelivered: 0 },
    );
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'block-indexed-listener-'));
    nats = new PrivateNats(await findFreePort(), join(dir, 'store'));
    await nats.start();
    nc = await connectNats({ servers: nats.url, name: 'decoder-events', maxReconnectAttempts: -1 });
    listener = new BlockIndexedListener(nc, worker, logger);
    await listener.start();
  });

  after(async () => {
    await listener.stop();
    await nc.close();
    await nats.stop();
    await rm(dir, { recursive: true, force: true });
  });

  void it('wakes the worker for each event and acknowledges it once decoded', async () => {
    await publish(1, 2, 3);
    await waitFor(() => worker.waited.length >= 3, 'events 1..3');
    assert.deepEqual(worker.waited, [1, 2, 3]);
    assert.ok(worker.wakes >= 3);
    await assertAllAcked();
    assert.equal(logged(40, 'block.indexed consumer lost'), 0);
  });

  void it('a deleted consumer is created again where it was: nothing replayed, nothing skipped', async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.delete(ChainEventsStream.name, DURABLE);
    // Published while the consumer is gone: the new one must start at it, not at 1 nor after it.
    await publish(4);
    const lostAt = Date.now();
    await waitFor(() => worker.waited.length >= 4, 'event 4 after the consumer was deleted');
    await publish(5);
    await waitFor(() => worker.waited.length >= 5, 'event 5');
    console.log(
      `consumer deleted: event 4 woke the worker after ${String(Date.now() - lostAt)} ms`,
    );
    await sleep(500);
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5]);
    await assertAllAcked();
    assert.equal(logged(40, 'block.indexed consumer lost'), 1);
    assert.equal(logged(30, 'block.indexed consumer created again'), 1);
  });

  void it('NATS restarted without its store: stream and consumer created again, new events wake the worker', async () => {
    await nats.stop();
    await rm(join(dir, 'store'), { recursive: true, force: true });
    await nats.start();
    const restartedAt = Date.now();
    // The new stream's sequences begin again at 1: what the listener knew of the old one must not
    // make it skip them.
    await publish(6);
    await waitFor(() => worker.waited.length >= 6, 'event 6 after the restart');
    console.log(
      `store wiped: event 6 woke the worker ${String(Date.now() - restartedAt)} ms after the restart`,
    );
    await publish(7, 8);
    await waitFor(() => worker.waited.length >= 8, 'events 7 and 8');
    await sleep(500);
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5, 6, 7, 8]);
    await assertAllAcked();
    assert.equal(logged(40, 'block.indexed consumer lost'), 2);
    assert.equal(logged(30, 'block.indexed consumer created again'), 2);
  });

  void it('NATS restarted with its store: the same consumer goes on, nothing created again', async () => {
    await nats.stop();
    await sleep(1000);
    await nats.start();
    await publish(9, 10);
    await waitFor(() => worker.waited.length >= 10, 'events 9 and 10 after the restart');
    await sleep(500);
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await assertAllAcked();
    // The client resumed its pulls on the consumer the store kept: no loss, no second consumer.
    assert.equal(logged(40, 'block.indexed consumer lost'), 2);
    assert.equal(logged(30, 'block.indexed consumer created again'), 2);
  });

  void it('stop() ends at once even while NATS is down', async () => {
    await nats.stop();
    await sleep(1500);
    const begun = Date.now();
    await listener.stop();
    const took = Date.now() - begun;
    assert.ok(took < 500, `stop() took ${String(took)} ms`);
    // Nothing was delivered twice meanwhile (the node:test process exits only if no timer is left).
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
