import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFreePort } from '@app/database';
import {
  connectNats,
  ensureStream,
  followNewEvents,
  NewEventsFollower,
  publishEvent,
} from '@app/nats';
import { jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import pino from 'pino';
import { z } from 'zod';
import { PrivateNats } from '../../ingestor/private-services';

const Event = z.object({ n: z.number().int() }).strict();

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(25);
  }
}

/**
 * A stream deleted under an ephemeral ordered consumer, on a private nats-server: the client alone
 * would keep re-creating its consumer for ever; followNewEvents ends and says why, and
 * NewEventsFollower follows again, from the stream it creates again.
 */
void describe('followNewEvents: a lost stream', () => {
  let dir: string;
  let nats: PrivateNats;
  let nc: NatsConnection;
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

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'follow-lost-'));
    nats = new PrivateNats(await findFreePort(), join(dir, 'store'));
    await nats.start();
    nc = await connectNats({ servers: nats.url, maxReconnectAttempts: -1 });
  });

  after(async () => {
    await nc.close();
    await nats.stop();
    await rm(dir, { recursive: true, force: true });
  });

  void it('ends the iteration and calls onLost once when the stream is deleted', async () => {
    await ensureStream(nc, { name: 'LOST_A', subjects: ['a.>'] });
    const lost: string[] = [];
    const events = await followNewEvents(
      nc,
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
    await publishEvent(nc, 'a.thing', { n: 1 });
    await waitFor(() => seen.length === 1, 'event 1');
    const deletedAt = Date.now();
    await (await jetstreamManager(nc)).streams.delete('LOST_A');
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
      nc,
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
      await publishEvent(nc, 'b.thing', { n: 1 });
      await waitFor(() => wakes === 1, 'the wake of event 1');
      await (await jetstreamManager(nc)).streams.delete('LOST_B');
      await waitFor(() => logged(30, 'test follower following again') === 1, 'the follow again');
      // Once for whatever was published while it was lost.
      assert.equal(wakes, 2);
      // The follower created the stream again: a new event is delivered to it.
      await publishEvent(nc, 'b.thing', { n: 2 });
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
      nc,
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
    await nats.stop();
    await sleep(1500);
    const begun = Date.now();
    await sut.stop();
    const took = Date.now() - begun;
    assert.ok(took < 500, `stop() took ${String(took)} ms`);
    assert.equal(wakes, 0);
    // The node:test process exits only if no timer of the follower is left.
  });
});
