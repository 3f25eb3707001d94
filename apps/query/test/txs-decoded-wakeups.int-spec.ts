import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChainEventsStream } from '@app/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { JetStreamTxsDecodedPublisher } from '@app/decoder';
import { followTxsDecoded } from '../src/streaming/txs-decoded.wakeups';
import { waitFor } from '@app/testing';
import {
  sleep,
  wakeupsOnPrivateNats,
} from '../../../test/integration/support/private-nats.support';

/**
 * The streaming publisher's txs.decoded wake-ups on a private nats-server: the chain events stream
 * deleted by an operator costs a few seconds of polling, then the decoder's next event wakes the
 * publisher again (before, the follower waited for the old stream for ever and only the poll was left).
 */
void describe('query: txs.decoded wake-ups survive a deleted stream', () => {
  const sut = wakeupsOnPrivateNats('txs-decoded-wakeups-', followTxsDecoded);

  /** Publishes as the decoder does, from a connection of its own. */
  const decoded = (mcSeqno: number): Promise<void> =>
    sut.run.withConnection((pub) =>
      new JetStreamTxsDecodedPublisher(pub).publish({ mc_seqno: mcSeqno }),
    );

  void it('is woken by each txs.decoded', async () => {
    await decoded(1);
    await decoded(2);
    await waitFor(() => sut.wakes === 2, 'two wakes');
    assert.equal(sut.logged(40, 'txs.decoded follower'), 0);
  });

  void it('the stream deleted: follows the stream created again, and new events wake it', async () => {
    await (await jetstreamManager(sut.run.nc)).streams.delete(ChainEventsStream.name);
    const deletedAt = Date.now();
    await waitFor(() => sut.logged(30, 'txs.decoded follower following again') === 1, 'the follow');
    console.log(`stream deleted: following again after ${String(Date.now() - deletedAt)} ms`);
    // One wake for what the decoder may have published meanwhile.
    assert.equal(sut.wakes, 3);
    await decoded(3);
    await waitFor(() => sut.wakes === 4, 'the wake of block 3');
    await sleep(300);
    assert.equal(sut.wakes, 4);
    assert.equal(sut.logged(40, 'txs.decoded follower lost'), 1);
    const info = await (await jetstreamManager(sut.run.nc)).streams.info(ChainEventsStream.name);
    assert.deepEqual(info.config.subjects, [ChainEventsStream.subjects]);
  });
});
