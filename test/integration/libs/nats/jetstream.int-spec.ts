import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';

import { prefixSubject, Subjects } from '@app/contracts';
import { connectNats, consumeDurable, ensureStream, publishEvent } from '@app/nats';
import { jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const BlockIndexed = z.object({ seqno: z.number().int(), shard: z.string() }).strict();

void describe('JetStream helpers', () => {
  const run = randomBytes(6).toString('hex');
  const stream = `TEST_EVT_${run}`;
  const subject = prefixSubject(`t${run}`, Subjects.evt.blockIndexed);
  let nc: NatsConnection;

  before(async () => {
    nc = await connectNats({ servers: NATS_URL });
  });

  after(async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream);
    await nc.close();
  });

  void it('ensureStream creates the stream once and is idempotent', async () => {
    const created = await ensureStream(nc, { name: stream, subjects: [subject], maxAgeMs: 60_000 });
    assert.deepEqual(created.config.subjects, [subject]);
    assert.equal(created.config.max_age, 60_000 * 1_000_000);
    const again = await ensureStream(nc, { name: stream, subjects: [subject], maxAgeMs: 60_000 });
    assert.equal(again.config.name, stream);
    assert.equal(again.state.messages, 0);
  });

  void it('publishEvent stores each event once per msgId', async () => {
    const first = await publishEvent(
      nc,
      subject,
      { seqno: 1, shard: '-9223372036854775808' },
      {
        msgId: `${run}-1`,
      },
    );
    const dup = await publishEvent(
      nc,
      subject,
      { seqno: 1, shard: '-9223372036854775808' },
      {
        msgId: `${run}-1`,
      },
    );
    assert.deepEqual(first, { stream, seq: 1, duplicate: false });
    assert.deepEqual(dup, { stream, seq: 1, duplicate: true });
    await publishEvent(nc, subject, { seqno: 'two' }, { msgId: `${run}-bad` });
    await publishEvent(
      nc,
      subject,
      { seqno: 3, shard: '-9223372036854775808' },
      { msgId: `${run}-3` },
    );
  });

  void it('consumeDurable delivers valid events in order, terminates invalid ones, resumes after ack', async () => {
    const invalid: number[] = [];
    const events = await consumeDurable(
      nc,
      { stream, durable: `decoder_${run}`, filterSubject: subject, batch: 4 },
      BlockIndexed,
      (_subject, seq) => invalid.push(seq),
    );
    const seen: { seq: number; seqno: number }[] = [];
    for await (const event of events) {
      seen.push({ seq: event.seq, seqno: event.payload.seqno });
      await event.ack();
      if (seen.length === 2) {
        break;
      }
    }
    await events.close();
    assert.deepEqual(seen, [
      { seq: 1, seqno: 1 },
      { seq: 3, seqno: 3 },
    ]);
    assert.deepEqual(invalid, [2]);

    // The durable remembers its position: a new iterator starts after the acknowledged events.
    await publishEvent(nc, subject, { seqno: 4, shard: '0' }, { msgId: `${run}-4` });
    const resumed = await consumeDurable(
      nc,
      { stream, durable: `decoder_${run}`, filterSubject: subject },
      BlockIndexed,
    );
    for await (const event of resumed) {
      assert.deepEqual(
        { seq: event.seq, payload: event.payload, deliveryCount: event.deliveryCount },
        {
          seq: 4,
          payload: { seqno: 4, shard: '0' },
          deliveryCount: 1,
        },
      );
      await event.ack();
      break;
    }
    await resumed.close();
  });

  void it('consumeDurable creates a missing durable at startSeq; an existing one keeps its position', async () => {
    const durable = `late_${run}`;
    const first = await consumeDurable(
      nc,
      { stream, durable, filterSubject: subject, startSeq: 3 },
      BlockIndexed,
    );
    for await (const event of first) {
      assert.equal(event.seq, 3);
      await event.ack();
      break;
    }
    await first.close();
    // Created again at every boot: the server keeps the start it was created with, and so does this.
    const again = await consumeDurable(
      nc,
      { stream, durable, filterSubject: subject, startSeq: 1 },
      BlockIndexed,
    );
    for await (const event of again) {
      assert.equal(event.seq, 4);
      await event.ack();
      break;
    }
    await again.close();
    const info = await (await jetstreamManager(nc)).consumers.info(stream, durable);
    assert.deepEqual(
      { policy: info.config.deliver_policy, start: info.config.opt_start_seq },
      { policy: 'by_start_sequence', start: 3 },
    );
  });

  void it(
    'consumeDurable tells onLost and ends the iteration when its consumer is deleted',
    { timeout: 10_000 },
    async () => {
      const durable = `lost_${run}`;
      const lost: string[] = [];
      const events = await consumeDurable(
        nc,
        {
          stream,
          durable,
          filterSubject: subject,
          startSeq: 5,
          pullExpiresMs: 5000,
          onLost: (reason) => lost.push(reason),
        },
        BlockIndexed,
      );
      const ended = (async () => {
        try {
          for await (const event of events) {
            assert.fail(`nothing to deliver, got ${String(event.seq)}`);
          }
          return 'ended';
        } catch (error) {
          return String(error);
        }
      })();
      // Deleted while its pull waits at the server (what a consumer lost under a running consume is).
      const jsm = await jetstreamManager(nc);
      while ((await jsm.consumers.info(stream, durable)).num_waiting === 0) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await jsm.consumers.delete(stream, durable);
      assert.match(await ended, /consumer deleted/);
      assert.deepEqual(lost, ['consumer deleted']);
      await events.close();
    },
  );
});
