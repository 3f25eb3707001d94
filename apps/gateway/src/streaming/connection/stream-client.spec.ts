import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type StreamSubject, Subjects } from '@app/contracts';
import { Registry } from 'prom-client';
import { expandSupportedActionTypes } from '../../v3/action-types';
import { type ParsedStreamEntry, parseStreamEntry } from '../derivation/stream-entry';
import {
  accountStateChange,
  action,
  ALICE,
  hashOf,
  traceUpdate,
  transaction,
} from '../derivation/stream-payloads.testing';
import { StreamingMetrics } from '../streaming.metrics';
import { emptySubscription, type Subscription } from '../subscription/subscription';
import { FrameMemo } from './frame-memo';
import { StreamClient } from './stream-client';
import { SSE_FRAMING, WS_FRAMING } from './stream-framing';
import { type StreamTransport } from './stream-transport';

/** Records frames; while `blocked`, nothing is flushed (a peer that does not read). */
class FakeTransport implements StreamTransport {
  readonly kind = 'sse' as const;
  readonly frames: string[] = [];
  /** What write() was given, as given (a shared Buffer stays the same object). */
  readonly written: (string | Buffer)[] = [];
  blocked = false;
  closedWith: string | undefined | null = null;
  private readonly held: (() => void)[] = [];

  write(frame: string | Buffer, flushed: () => void): void {
    this.written.push(frame);
    this.frames.push(frame.toString());
    if (this.blocked) {
      this.held.push(flushed);
    } else {
      queueMicrotask(flushed);
    }
  }

  close(last?: string): void {
    this.closedWith = last;
  }

  unblock(): void {
    this.blocked = false;
    for (const flushed of this.held.splice(0)) {
      flushed();
    }
  }
}

const SUBSCRIPTION: Subscription = {
  ...emptySubscription(new Set(expandSupportedActionTypes(['latest']))),
  types: new Set(['transactions', 'actions', 'account_state_change']),
  addresses: new Set([ALICE]),
  minFinality: 'pending',
};

function parsed(seq: number, subject: StreamSubject, payload: unknown): ParsedStreamEntry {
  const outcome = parseStreamEntry({ seq, subject, payload });
  if (!outcome.ok) {
    assert.fail(outcome.error);
  }
  return outcome.entry;
}

/** A trace giving Alice two notifications (transactions, actions). */
function twoNotifications(seq: number): ParsedStreamEntry {
  const label = `t${String(seq)}`;
  const tx = transaction({ label, account: ALICE, lt: '5', finality: 'pending' });
  const ton = action({
    label,
    type: 'ton_transfer',
    accounts: [ALICE],
    startLt: '5',
    endLt: '5',
    finality: 'pending',
  });
  return parsed(
    seq,
    Subjects.stream.trace,
    traceUpdate({ norm: hashOf(label), finality: 'pending', transactions: [tx], actions: [ton] }),
  );
}

function oneNotification(seq: number): ParsedStreamEntry {
  return parsed(
    seq,
    Subjects.stream.accountState,
    accountStateChange({ account: ALICE, finality: 'confirmed', balance: String(seq) }),
  );
}

function client(transport: FakeTransport, limits = { maxMessages: 100, maxBytes: 1 << 20 }) {
  const metrics = new StreamingMetrics(new Registry());
  const sut = new StreamClient({
    connId: 'c1',
    identity: 'ip:127.0.0.1',
    transport,
    framing: SSE_FRAMING,
    subscription: SUBSCRIPTION,
    options: { ...limits, maxOpenTraces: 10 },
    metrics,
  });
  return { sut, metrics };
}

const ids = (frames: readonly string[]): string[] =>
  frames.map((f) => (f.startsWith('id: ') ? (f.split('\n')[0] ?? '') : f));

void describe(StreamClient.name, () => {
  void it('numbers notifications `<seq>:<k>` and skips entries it has already seen', () => {
    const transport = new FakeTransport();
    const { sut } = client(transport);
    sut.acceptLive(twoNotifications(3), new Map());
    sut.acceptLive(oneNotification(4), new Map());
    sut.acceptLive(oneNotification(4), new Map());
    sut.acceptLive(oneNotification(2), new Map());
    assert.deepEqual(ids(transport.frames), ['id: 3:0', 'id: 3:1', 'id: 4:0']);
    assert.equal(sut.position, 4);
  });

  void it('replay hand-off: live entries wait, replayed ones skip up to `since`, no duplicate', () => {
    const transport = new FakeTransport();
    const { sut } = client(transport);
    sut.beginReplay();
    // Live entries arrive while the history is being read: buffered.
    sut.acceptLive(oneNotification(6), new Map());
    sut.acceptLive(twoNotifications(7), new Map());
    assert.deepEqual(transport.frames, []);
    const since = { seq: 4, k: 0 };
    for (const entry of [
      twoNotifications(3),
      twoNotifications(4),
      oneNotification(5),
      oneNotification(6),
    ]) {
      sut.deliver(entry, undefined, since);
    }
    // A live copy of a replayed entry is dropped.
    sut.acceptLive(oneNotification(6), new Map());
    sut.finishReplay();
    sut.acceptLive(twoNotifications(7), new Map());
    sut.acceptLive(oneNotification(8), new Map());
    assert.deepEqual(ids(transport.frames), [
      'id: 4:1',
      'id: 5:0',
      'id: 6:0',
      'id: 7:0',
      'id: 7:1',
      'id: 8:0',
    ]);
  });

  void it('a client that does not read is told and closed once its queue is full', () => {
    const transport = new FakeTransport();
    transport.blocked = true;
    const { sut, metrics } = client(transport, { maxMessages: 3, maxBytes: 1 << 20 });
    // 64 KiB go to the socket (never flushed), three more frames wait, the next one overflows.
    const frames = Array.from({ length: 400 }, (_, i) => oneNotification(i + 1));
    for (const entry of frames) {
      sut.acceptLive(entry, new Map());
    }
    assert.equal(sut.isClosed, true);
    assert.equal(
      transport.closedWith,
      'event: error\ndata: {"error":"slow consumer: more than 3 messages or 1048576 bytes waiting to be read"}\n\n',
    );
    const written = transport.frames.length;
    assert.ok(written > 100 && written < 300, `${String(written)} frames handed to the socket`);
    // Each entry is one notification: the written ones, three queued and the one refused.
    assert.equal(sut.position, written + 4);
    return metrics.notificationsDropped.get().then((dropped) => {
      assert.deepEqual(
        dropped.values.map((v) => [v.labels.type, v.value]),
        [['account_state_change', 4]],
      );
    });
  });

  void it('roomAvailable waits for the queue to drain below half', async () => {
    const transport = new FakeTransport();
    transport.blocked = true;
    const { sut } = client(transport, { maxMessages: 200, maxBytes: 1 << 20 });
    // About 160 frames fill the 64 KiB in flight; 140 more wait, more than half of 200.
    for (let seq = 1; seq <= 300; seq++) {
      sut.acceptLive(oneNotification(seq), new Map());
    }
    let ready = false;
    const room = sut.roomAvailable().then(() => {
      ready = true;
    });
    await Promise.resolve();
    assert.equal(ready, false);
    transport.unblock();
    await room;
    assert.equal(ready, true);
  });

  void it('clients of one entry share its frames: encoded once, the same bytes for each socket', () => {
    const [one, two] = [new FakeTransport(), new FakeTransport()];
    const entry = twoNotifications(3);
    const memo = new Map<string, string>();
    const frames = new FrameMemo();
    client(one).sut.acceptLive(entry, memo, frames);
    client(two).sut.acceptLive(entry, memo, frames);
    assert.equal(one.written.length, 2);
    assert.equal(two.written.length, 2);
    assert.ok(one.written[0] instanceof Buffer);
    assert.equal(one.written[0], two.written[0]);
    assert.equal(one.written[1], two.written[1]);
    assert.notEqual(one.written[0], one.written[1]);
    // The same text as framed without the memo.
    const alone = new FakeTransport();
    client(alone).sut.acceptLive(entry, new Map());
    assert.deepEqual(one.frames, alone.frames);
    assert.deepEqual(ids(one.frames), ['id: 3:0', 'id: 3:1']);
  });

  void it('WebSocket framing puts the id in `event_id`', () => {
    assert.equal(WS_FRAMING.notification('{"type":"x"}', '5:2'), '{"type":"x","event_id":"5:2"}');
    assert.equal(WS_FRAMING.notification('{"type":"x"}', undefined), '{"type":"x"}');
    assert.equal(
      SSE_FRAMING.notification('{"type":"x"}', '5:2'),
      'id: 5:2\nevent: event\ndata: {"type":"x"}\n\n',
    );
    assert.equal(
      SSE_FRAMING.reply('{"status":"subscribed"}'),
      'event: connected\ndata: {"status":"subscribed"}\n\n',
    );
  });
});
