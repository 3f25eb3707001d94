import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ensureStream, followNewEvents, NewEventsFollower, publishEvent } from '@app/nats';
import { jetstreamManager } from '@nats-io/jetstream';
import { z } from 'zod';
import { waitFor } from '@app/testing';
import { captureLogs, PrivateNatsRun, sleep } from '../../support/private-nats.support';

const Event = z.object({ n: z.number().int() }).strict();

/**
 * A stream deleted under an ephemeral ordered consumer, on a private nats-server: the client alone
 * would keep re-creating its consumer for ever; followNewEvents ends and says why, and
 * NewEventsFollower follows again, from the stream it creates again.
 */
void describe('followNewEvents: a lost stream', () => {
  let run: PrivateNatsRun;
  const { logger, logged } = captureLogs();

  before(async () => {
    run = await PrivateNatsRun.start('follow-lost-');
  });

  after(async () => {
    await run.close();
  });

  void it('ends the iteration and calls onLost once when the stream is deleted', async () => {
    await ensureStream(run.nc, { name: 'LOST_A', subjects: ['a.>'] });
    const lost: string[] = [];
    const events = await followNewEvents(
      run.nc,
      {
        stream: 'LOST_A',
        filterSubject: 'a.thing',
        pullExpiresMs: 2000,
        onLost: (reason) => lost.push(reason),
      },
      Event,
    );
    const seen: number[] = [];
    let ended = false;
    const iterating = (async () => {
      for await (const event of events) {
        seen.push(event.payload.n);
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        ended = true;
      });
    await publishEvent(run.nc, 'a.thing', { n: 1 });
    await waitFor(() => seen.length === 1, 'event 1');
    const deletedAt = Date.now();
    await (await jetstreamManager(run.nc)).streams.delete('LOST_A');
    await waitFor(() => ended, 'the end of the iteration');
    console.log(`stream deleted: followNewEvents ended after ${String(Date.now() - deletedAt)} ms`);
    await iterating;
    await sleep(200);
    assert.deepEqual(seen, [1]);
    assert.equal(lost.length, 1, `onLost: ${lost.join(', ')}`);
    assert.match(lost[0] ?? '', /^(consumer deleted|consumer not found|stream not found)$/);
  });

  void it('NewEventsFollower follows again, wakes once it does, and new events wake it', async () => {
    let wakes = 0;
    const sut = new NewEventsFollower(
      run.nc,
      Event,
      {
        stream: { name: 'LOST_B', subjects: ['b.>'] },
        filterSubject: 'b.thing',
        name: 'test follower',
        wake: () => {
          wakes++;
        },
        pullExpiresMs: 2000,
      },
      logger,
    );
    assert.equal(await sut.start(), true);
    try {
      await publishEvent(run.nc, 'b.thing', { n: 1 });
      await waitFor(() => wakes === 1, 'the wake of event 1');
      await (await jetstreamManager(run.nc)).streams.delete('LOST_B');
      await waitFor(() => logged(30, 'test follower following again') === 1, 'the follow again');
      // Once for whatever was published while it was lost.
      assert.equal(wakes, 2);
      // The follower created the stream again: a new event is delivered to it.
      await publishEvent(run.nc, 'b.thing', { n: 2 });
      await waitFor(() => wakes === 3, 'the wake of event 2');
      await sleep(300);
      assert.equal(wakes, 3);
      assert.equal(logged(40, 'test follower lost'), 1);
      assert.equal(logged(30, 'test follower following again'), 1);
    } finally {
      await sut.stop();
    }
  });

  void it('stop() ends at once while NATS is down, its retries with it', async () => {
    let wakes = 0;
    const sut = new NewEventsFollower(
      run.nc,
      Event,
      {
        stream: { name: 'LOST_C', subjects: ['c.>'] },
        filterSubject: 'c.thing',
        name: 'down follower',
        wake: () => {
          wakes++;
        },
        pullExpiresMs: 2000,
      },
      logger,
    );
    assert.equal(await sut.start(), true);
    await run.nats.stop();
    await sleep(1500);
    const begun = Date.now();
    await sut.stop();
    const took = Date.now() - begun;
    assert.ok(took < 500, `stop() took ${String(took)} ms`);
    assert.equal(wakes, 0);
    // The node:test process exits only if no timer of the follower is left.
  });
});
