import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type MessageLandedEvent } from '@app/contracts';
import { type LandedMessageRow } from '@app/database';
import pino from 'pino';
import { Registry } from 'prom-client';
import { NO_MESSAGE_EVENTS } from '../events/message-events.publisher';
import { SenderMetrics } from '../metrics/sender.metrics';
import { type LandedMessage, type SentMessage } from '../send/sent-message.listener';
import { LandingWatcher } from './landing.watcher';

const A = Buffer.alloc(32, 1).toString('base64');
const B = Buffer.alloc(32, 2).toString('base64');

function sent(hash: string, sentAt: number): SentMessage {
  return { hash, hashNorm: hash, boc: '', destination: `0:${'AB'.repeat(32)}`, sentAt };
}

function row(hash: string): LandedMessageRow {
  return {
    msgHash: hash,
    msgHashNorm: hash,
    txHash: Buffer.alloc(32, 9).toString('base64'),
    txLt: 123_000_000_000_001n,
    account: `0:${'AB'.repeat(32)}`,
    mcSeqno: 42,
  };
}

describe(LandingWatcher.name, () => {
  it('reports a landed message once, with its transaction, then forgets it; expires the rest and says so', async () => {
    let now = 1_000;
    const indexed = new Set<string>();
    const lookups: string[][] = [];
    const events: MessageLandedEvent[] = [];
    const landed: LandedMessage[] = [];
    const expired: string[] = [];
    const registry = new Registry();
    const sut = new LandingWatcher(
      {
        findLanded: (hashes) => {
          lookups.push([...hashes]);
          return Promise.resolve(hashes.filter((h) => indexed.has(h)).map(row));
        },
      },
      {
        ...NO_MESSAGE_EVENTS,
        landed: (event) => {
          events.push(event);
          return Promise.resolve();
        },
      },
      new SenderMetrics(registry),
      pino({ level: 'silent' }),
      {
        timeoutMs: 10_000,
        pollMs: 60_000,
        now: () => now,
        listener: { onSent: () => undefined, onLanded: (m) => landed.push(m) },
        onExpired: (m) => expired.push(m.hash),
      },
    );
    sut.track(sent(A, 1_000));
    sut.track(sent(B, 1_000));
    await sut.check();
    assert.equal(events.length, 0);

    indexed.add(A);
    now = 3_500;
    await sut.check();
    assert.deepEqual(events, [
      {
        hash: A,
        hash_norm: A,
        transaction_hash: Buffer.alloc(32, 9).toString('base64'),
        lt: '123000000000001',
        account: `0:${'AB'.repeat(32)}`,
        mc_seqno: 42,
        landed_after_ms: 2_500,
      },
    ]);
    assert.equal(landed[0]?.landedAfterMs, 2_500);
    assert.equal(sut.size, 1);
    const inclusion = await registry.getSingleMetric('tonapi_sender_inclusion_seconds')?.get();
    assert.equal(inclusion?.values.find((v) => v.labels.le === 5)?.value, 1);

    // B is never indexed: dropped after the landing timeout, without a lookup, and reported.
    assert.deepEqual(expired, []);
    now = 11_000;
    await sut.check();
    assert.equal(sut.size, 0);
    assert.deepEqual(expired, [B]);
    assert.deepEqual(lookups, [
      [A, B],
      [A, B],
    ]);
    assert.equal(events.length, 1);
  });
});
