import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JetStreamBlockIndexedPublisher } from '@app/ingestor';
import { followBlockIndexed } from '../src/landing/block-indexed.wakeups';
import { waitFor } from '@app/testing';
import {
  blockIndexedEvent,
  sleep,
  wakeupsOnPrivateNats,
} from '../../../test/integration/support/private-nats.support';

/** Waits allow for the restart: the client reconnects, then the follower retries, before it follows. */
const WAIT_MS = 8000;

/**
 * The landing watcher's block.indexed wake-ups on a private nats-server: NATS restarted without its
 * JetStream store costs a few seconds of the watcher's 5 s poll, then the ingestor's next event wakes
 * it again (before, the follower waited for the lost stream for ever and only the poll was left).
 */
void describe('sender: block.indexed wake-ups survive NATS restarted without its store', () => {
  const sut = wakeupsOnPrivateNats('block-indexed-wakeups-', followBlockIndexed);

  /** Publishes as the ingestor does, from a connection of its own. */
  const indexed = (mcSeqno: number): Promise<void> =>
    sut.run.withConnection((pub) =>
      new JetStreamBlockIndexedPublisher(pub).publish(blockIndexedEvent(mcSeqno)),
    );

  void it('is woken by each block.indexed', async () => {
    await indexed(1);
    await indexed(2);
    await waitFor(() => sut.wakes === 2, 'two wakes', WAIT_MS);
    assert.equal(sut.logged(40, 'block.indexed follower'), 0);
  });

  void it('NATS restarted without its store: follows the new stream, and new events wake it', async () => {
    await sut.run.restartWithoutStore();
    const restartedAt = Date.now();
    await waitFor(
      () => sut.logged(30, 'block.indexed follower following again') === 1,
      'the follow after the restart',
      WAIT_MS,
    );
    console.log(`store wiped: following again ${String(Date.now() - restartedAt)} ms after`);
    // One wake for what the ingestor may have published meanwhile.
    assert.equal(sut.wakes, 3);
    // The new stream's sequences begin again at 1: the follower must not wait for the old ones.
    await indexed(3);
    await waitFor(() => sut.wakes === 4, 'the wake of block 3', WAIT_MS);
    await sleep(300);
    assert.equal(sut.wakes, 4);
    assert.equal(sut.logged(40, 'block.indexed follower lost'), 1);
  });
});
