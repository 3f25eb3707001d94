import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ChainEventsStream } from '@app/contracts';
import { type ConsumerInfo, jetstreamManager } from '@nats-io/jetstream';
import { BlockIndexedListener, type WakeableWorker } from '../src/pipeline/block-indexed.listener';
import { JetStreamBlockIndexedPublisher } from '@app/ingestor';
import { waitFor } from '@app/testing';
import {
  blockIndexedEvent,
  captureLogs,
  PrivateNatsRun,
  sleep,
} from '../../../test/integration/support/private-nats.support';

const DURABLE = 'decoder';
/** How soon after a consumer or a whole JetStream store is lost new events must wake the worker. */
const RECOVERY_MS = 10_000;
/**
 * How long a frozen server may take to be noticed: the listener pulls for 5 s, so heartbeats are due
 * every 2.5 s and consumeDurable gives up at the fourth missed one (7.5 to 12.5 s after the freeze,
 * as the client counts misses on a 2.5 s tick from the last heartbeat it had).
 */
const FROZEN_NOTICED_MS = 20_000;
const LOST = 'block.indexed consumer lost';
const RECOVERED = 'block.indexed consumer created again';

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

/**
 * The decoder's block.indexed listener keeps its durable consumer alive on a private nats-server: an
 * operator deleting the consumer, NATS restarted without its JetStream store, and a server frozen with
 * its connections open, cost a few seconds of polling, not the events for good; every event wakes the
 * worker exactly once (none replayed, none skipped) and is acknowledged.
 */
void describe('decoder: block.indexed listener re-creates its consumer', () => {
  let run: PrivateNatsRun;
  let listener: BlockIndexedListener;
  const worker = new DecodedWorker();
  const { logger, logged, records } = captureLogs();

  /** Publishes as the ingestor does, on a connection of its own (the listener's may be reconnecting). */
  async function publish(...mcSeqnos: number[]): Promise<void> {
    await run.withConnection(async (pub) => {
      const publisher = new JetStreamBlockIndexedPublisher(pub);
      for (const seqno of mcSeqnos) {
        await publisher.publish(blockIndexedEvent(seqno));
      }
    });
  }

  function consumerInfo(): Promise<ConsumerInfo> {
    return run.withConnection(async (admin) =>
      (await jetstreamManager(admin)).consumers.info(ChainEventsStream.name, DURABLE),
    );
  }

  /** Everything delivered was acknowledged once: nothing pending, nothing redelivered. */
  async function assertAllAcked(): Promise<void> {
    // An answer that fails (the server still restarting) is asked again.
    await waitFor(
      () =>
        consumerInfo().then(
          (info) => info.num_ack_pending === 0,
          () => false,
        ),
      'the acks',
      RECOVERY_MS,
    );
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
    run = await PrivateNatsRun.start('block-indexed-listener-', { name: 'decoder-events' });
    listener = new BlockIndexedListener(run.nc, worker, logger);
    await listener.start();
  });

  after(async () => {
    // A test that failed with the server frozen must not leave it so (close() would wait on it).
    run.nats.thaw();
    await listener.stop();
    await run.close();
  });

  void it('wakes the worker for each event and acknowledges it once decoded', async () => {
    await publish(1, 2, 3);
    await waitFor(() => worker.waited.length >= 3, 'events 1..3', RECOVERY_MS);
    assert.deepEqual(worker.waited, [1, 2, 3]);
    assert.ok(worker.wakes >= 3);
    await assertAllAcked();
    assert.equal(logged(40, LOST), 0);
  });

  void it('a deleted consumer is created again where it was: nothing replayed, nothing skipped', async () => {
    const jsm = await jetstreamManager(run.nc);
    await jsm.consumers.delete(ChainEventsStream.name, DURABLE);
    // Published while the consumer is gone: the new one must start at it, not at 1 nor after it.
    await publish(4);
    const lostAt = Date.now();
    await waitFor(
      () => worker.waited.length >= 4,
      'event 4 after the consumer was deleted',
      RECOVERY_MS,
    );
    await publish(5);
    await waitFor(() => worker.waited.length >= 5, 'event 5', RECOVERY_MS);
    console.log(
      `consumer deleted: event 4 woke the worker after ${String(Date.now() - lostAt)} ms`,
    );
    await sleep(500);
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5]);
    await assertAllAcked();
    assert.equal(logged(40, LOST), 1);
    assert.equal(logged(30, RECOVERED), 1);
  });

  void it('NATS restarted without its store: stream and consumer created again, new events wake the worker', async () => {
    await run.restartWithoutStore();
    const restartedAt = Date.now();
    // The new stream's sequences begin again at 1: what the listener knew of the old one must not
    // make it skip them.
    await publish(6);
    await waitFor(() => worker.waited.length >= 6, 'event 6 after the restart', RECOVERY_MS);
    console.log(
      `store wiped: event 6 woke the worker ${String(Date.now() - restartedAt)} ms after the restart`,
    );
    await publish(7, 8);
    await waitFor(() => worker.waited.length >= 8, 'events 7 and 8', RECOVERY_MS);
    await sleep(500);
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5, 6, 7, 8]);
    await assertAllAcked();
    assert.equal(logged(40, LOST), 2);
    assert.equal(logged(30, RECOVERED), 2);
  });

  void it('NATS restarted with its store: the same consumer goes on, nothing created again', async () => {
    await run.nats.stop();
    await sleep(1000);
    await run.nats.start();
    await publish(9, 10);
    await waitFor(
      () => worker.waited.length >= 10,
      'events 9 and 10 after the restart',
      RECOVERY_MS,
    );
    await sleep(500);
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await assertAllAcked();
    // The client resumed its pulls on the consumer the store kept: no loss, no second consumer.
    assert.equal(logged(40, LOST), 2);
    assert.equal(logged(30, RECOVERED), 2);
  });

  void it('NATS frozen with its connections open: missed heartbeats end the consume, created again once NATS answers', async () => {
    // SIGSTOP: the port and the listener's connection stay open, nothing answers. Only the idle
    // heartbeats of its pulls tell; consumeDurable ends the consume when the fourth is missed.
    run.nats.freeze();
    const frozenAt = Date.now();
    try {
      await waitFor(
        () => logged(40, LOST) === 3,
        'the consume lost while frozen',
        FROZEN_NOTICED_MS,
      );
    } finally {
      run.nats.thaw();
    }
    console.log(`frozen: the consume ended after ${String(Date.now() - frozenAt)} ms`);
    assert.equal(records(40, LOST)[2]?.reason, '4 heartbeats missed');
    // Published once NATS answers again, maybe before the consumer is created again: not skipped.
    await publish(11, 12);
    await waitFor(
      () => worker.waited.length >= 12,
      'events 11 and 12 after NATS thawed',
      RECOVERY_MS,
    );
    await sleep(500);
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await assertAllAcked();
    assert.equal(logged(40, LOST), 3);
    assert.equal(logged(30, RECOVERED), 3);
  });

  void it('stop() ends at once even while NATS is down', async () => {
    await run.nats.stop();
    await sleep(1500);
    const begun = Date.now();
    await listener.stop();
    const took = Date.now() - begun;
    assert.ok(took < 500, `stop() took ${String(took)} ms`);
    // Nothing was delivered twice meanwhile (the node:test process exits only if no timer is left).
    assert.deepEqual(worker.waited, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});
