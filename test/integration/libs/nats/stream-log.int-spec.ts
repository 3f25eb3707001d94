import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { prefixSubject, Subjects } from '@app/contracts';
import {
  CHECKED_CONTRACT_HEADER,
  connectNats,
  JetStreamStreamLog,
  MemoryStreamLog,
  streamNameFor,
  type StreamLog,
  type StreamLogEntry,
} from '@app/nats';
import { natsUrl, uniqueName } from '@app/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';

/** Collects what a follower is given; `until(n)` waits for the n-th entry (5 s at most by default). */
function collector(): {
  readonly seen: StreamLogEntry[];
  readonly onEntry: (e: StreamLogEntry) => void;
  until: (n: number, timeoutMs?: number) => Promise<void>;
} {
  const seen: StreamLogEntry[] = [];
  return {
    seen,
    onEntry: (e) => {
      seen.push(e);
    },
    until: async (n, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (seen.length < n) {
        if (Date.now() > deadline) {
          throw new Error(`only ${String(seen.length)} of ${String(n)} entries arrived`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

const payloadOf = (e: StreamLogEntry): { n?: number } => e.payload as { n?: number };

/**
 * Appends probe entries until every collector has one: a JetStream follower from `new` starts once
 * its consumer is in place on the server, which the client does not wait for.
 */
async function probeUntilFollowing(
  log: StreamLog,
  collectors: readonly ReturnType<typeof collector>[],
): Promise<void> {
  for (let probe = 1; probe <= 50; probe += 1) {
    await log.append(Subjects.stream.trace, { probe }, uniqueName('probe'));
    try {
      await Promise.all(collectors.map((c) => c.until(1, 200)));
      return;
    } catch {
      // Not every follower was in place for that probe: the next one shows whether it is now.
    }
  }
  throw new Error('a follower from now never started');
}

const invalidated = (n: number): unknown => ({
  trace_external_hash_norm: Buffer.alloc(32, n).toString('base64'),
  reason: 'expired',
  emitted_at: n,
});

/** The StreamLog contract (libs/nats/src/stream-log/stream-log.ts), run against both logs. */
function describeContract(name: string, open: () => Promise<StreamLog>): void {
  describe(`${name} StreamLog`, () => {
    let log: StreamLog;

    before(async () => {
      log = await open();
    });

    after(async () => {
      await log.close();
    });

    it('numbers appends densely from 1 and de-duplicates by msgId', async () => {
      assert.deepEqual(await log.bounds(), { first: 1, last: 0 });
      assert.equal(await log.append(Subjects.stream.traceInvalidated, invalidated(1), 'a'), 1);
      assert.equal(await log.append(Subjects.stream.traceInvalidated, invalidated(2), 'b'), 2);
      // The same id again: the first copy's seq, nothing stored.
      assert.equal(await log.append(Subjects.stream.traceInvalidated, invalidated(9), 'a'), 1);
      assert.deepEqual(await log.bounds(), { first: 1, last: 2 });
    });

    it('replays from a seq, then follows live entries, in order and once each', async () => {
      const from2 = collector();
      const follower = await log.follow({ kind: 'seq', seq: 2 }, from2.onEntry);
      await from2.until(1);
      await log.append(Subjects.stream.jettons, { n: 3 }, 'c');
      await log.append(Subjects.stream.trace, { n: 4 }, 'd');
      await from2.until(3);
      await follower.close();
      assert.deepEqual(
        from2.seen.map((e) => [e.seq, e.subject]),
        [
          [2, Subjects.stream.traceInvalidated],
          [3, Subjects.stream.jettons],
          [4, Subjects.stream.trace],
        ],
      );
      assert.deepEqual(from2.seen[0]?.payload, invalidated(2));
      // Closed: nothing more is delivered, while a follower still open gets the next entry.
      const witness = collector();
      const open = await log.follow({ kind: 'seq', seq: 5 }, witness.onEntry);
      await log.append(Subjects.stream.trace, { n: 5 }, 'e');
      await witness.until(1);
      await open.close();
      assert.equal(from2.seen.length, 3);
    });

    it('a follower from now sees only later entries; a slow follower holds back only itself', async () => {
      const { last: before } = await log.bounds();
      const fresh = collector();
      const slow = collector();
      let releaseSlow: () => void = () => undefined;
      const held = new Promise<void>((r) => (releaseSlow = r));
      const slowFollower = await log.follow({ kind: 'new' }, async (e) => {
        slow.onEntry(e);
        if (payloadOf(e).n === 6) {
          await held;
        }
      });
      const follower = await log.follow({ kind: 'new' }, fresh.onEntry);
      await probeUntilFollowing(log, [fresh, slow]);
      const [freshProbes, slowProbes] = [fresh.seen.length, slow.seen.length];
      await log.append(Subjects.stream.trace, { n: 6 }, 'f');
      await log.append(Subjects.stream.trace, { n: 7 }, 'g');
      await fresh.until(freshProbes + 2);
      assert.ok(fresh.seen.every((e) => e.seq > before));
      assert.deepEqual(fresh.seen.slice(freshProbes).map(payloadOf), [{ n: 6 }, { n: 7 }]);
      // Held at 6 (a follower is given its next entry only once it is done with the one before).
      await slow.until(slowProbes + 1);
      assert.deepEqual(slow.seen.slice(slowProbes).map(payloadOf), [{ n: 6 }]);
      releaseSlow();
      await slow.until(slowProbes + 2);
      assert.deepEqual(slow.seen.slice(slowProbes).map(payloadOf), [{ n: 6 }, { n: 7 }]);
      await Promise.all([follower.close(), slowFollower.close()]);
    });

    it('tells a follower which entries their producer checked against the same contracts', async () => {
      const { last } = await log.bounds();
      const seen = collector();
      const follower = await log.follow({ kind: 'seq', seq: last + 1 }, seen.onEntry);
      await log.append(Subjects.stream.traceInvalidated, invalidated(20), 'checked', {
        checked: true,
      });
      await log.append(Subjects.stream.traceInvalidated, invalidated(21), 'unchecked');
      await seen.until(2);
      await follower.close();
      assert.deepEqual(
        seen.seen.map((e) => [e.payload, e.checked]),
        [
          [invalidated(20), true],
          [invalidated(21), undefined],
        ],
      );
    });
  });
}

describeContract('in-memory', () =>
  Promise.resolve(new MemoryStreamLog({ retentionMs: 60_000, maxEntries: 100 })),
);

let nc: NatsConnection | undefined;
const prefix = uniqueName('slog');
describeContract('JetStream', async () => {
  nc = await connectNats({ servers: natsUrl() });
  return new JetStreamStreamLog(nc, { subjectPrefix: prefix, retentionMs: 60_000 });
});

describe('JetStream StreamLog checked entries', () => {
  it('checks again an entry checked against other contracts (another build of the producer)', async () => {
    const conn = await connectNats({ servers: natsUrl() });
    const otherPrefix = uniqueName('slog-other');
    const log = new JetStreamStreamLog(conn, { subjectPrefix: otherPrefix, retentionMs: 60_000 });
    try {
      await log.append(Subjects.stream.traceInvalidated, invalidated(30), 'ours', {
        checked: true,
      });
      const other = headers();
      other.set(CHECKED_CONTRACT_HEADER, 'another build');
      await jetstream(conn).publish(
        prefixSubject(otherPrefix, Subjects.stream.traceInvalidated),
        JSON.stringify(invalidated(31)),
        { msgID: 'theirs', headers: other },
      );
      const seen = collector();
      const follower = await log.follow({ kind: 'seq', seq: 1 }, seen.onEntry);
      await seen.until(2);
      await follower.close();
      assert.deepEqual(
        seen.seen.map((e) => [e.payload, e.checked]),
        [
          [invalidated(30), true],
          [invalidated(31), undefined],
        ],
      );
    } finally {
      await log.close();
      await (
        await jetstreamManager(conn)
      ).streams
        .delete(streamNameFor(otherPrefix))
        .catch(() => false);
      await conn.close();
    }
  });
});

describe('in-memory StreamLog bounds', () => {
  it('keeps at most maxEntries; a follower behind the ring resumes at the oldest kept', async () => {
    const log = new MemoryStreamLog({ retentionMs: 60_000, maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) {
      await log.append(Subjects.stream.trace, { id }, id);
    }
    assert.deepEqual(await log.bounds(), { first: 2, last: 3 });
    const from1 = collector();
    const follower = await log.follow({ kind: 'seq', seq: 1 }, from1.onEntry);
    await from1.until(2);
    assert.deepEqual(
      from1.seen.map((e) => e.seq),
      [2, 3],
    );
    await follower.close();
    await log.close();
  });
});

after(async () => {
  if (nc !== undefined) {
    await (await jetstreamManager(nc)).streams.delete(streamNameFor(prefix)).catch(() => false);
    await nc.close();
  }
});
