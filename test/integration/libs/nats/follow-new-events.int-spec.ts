import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { connectNats, ensureStream, followNewEvents, publishEvent } from '@app/nats';
import { natsUrl } from '@app/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';

const Event = z.object({ n: z.number().int() }).strict();

/** followNewEvents: every follower sees every event published after it started, nothing older. */
describe('followNewEvents', () => {
  const run = randomBytes(6).toString('hex');
  const stream = `TEST_FOLLOW_${run}`;
  const subject = `t${run}.evt.thing.happened`;
  let nc: NatsConnection;

  before(async () => {
    nc = await connectNats({ servers: natsUrl() });
    await ensureStream(nc, { name: stream, subjects: [`t${run}.evt.>`] });
  });

  after(async () => {
    await (await jetstreamManager(nc)).streams.delete(stream);
    await nc.close();
  });

  it('delivers new events to each follower, skipping invalid ones', async () => {
    await publishEvent(nc, subject, { n: 0 });
    const invalid: number[] = [];
    const followers = await Promise.all(
      [1, 2].map(() =>
        followNewEvents(nc, { stream, filterSubject: subject }, Event, (_s, seq) =>
          invalid.push(seq),
        ),
      ),
    );
    await publishEvent(nc, subject, { n: 1 });
    await publishEvent(nc, subject, { wrong: true });
    await publishEvent(nc, subject, { n: 2 });
    const received = await Promise.all(
      followers.map(async (events) => {
        const seen: number[] = [];
        for await (const event of events) {
          seen.push(event.payload.n);
          if (seen.length === 2) {
            break;
          }
        }
        await events.close();
        return seen;
      }),
    );
    assert.deepEqual(received, [
      [1, 2],
      [1, 2],
    ]);
    assert.equal(invalid.length, 2);
  });
});
