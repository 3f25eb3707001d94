import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type TxsDecodedEvent } from '@app/contracts';
import pino from 'pino';
import { Counter, Registry } from 'prom-client';
import { TxsDecodedNotifier } from './txs-decoded.notifier';
import { type TxsDecodedPublisher } from './txs-decoded.publisher';

/** A publisher whose acks the spec releases one at a time (a slow or failing NATS). */
class GatedPublisher implements TxsDecodedPublisher {
  readonly published: number[] = [];
  private release: (() => void)[] = [];
  failNext = false;

  publish(event: TxsDecodedEvent): Promise<void> {
    this.published.push(event.mc_seqno);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('no responders'));
    }
    return new Promise((resolve) => this.release.push(resolve));
  }

  ack(): void {
    this.release.shift()?.();
  }
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe(TxsDecodedNotifier.name, () => {
  it('publishes every block when acks keep up, and only the newest one waiting when they do not', async () => {
    const publisher = new GatedPublisher();
    const failures = new Counter({ name: 'f1', help: 'f', registers: [new Registry()] });
    const sut = new TxsDecodedNotifier(publisher, failures, pino({ level: 'silent' }));
    sut.notify(1);
    await tick();
    publisher.ack();
    await tick();
    // 2 goes out at once; 3, 4 and 5 arrive while it is in flight: only 5 follows.
    sut.notify(2);
    sut.notify(3);
    sut.notify(4);
    sut.notify(5);
    await tick();
    publisher.ack();
    await tick();
    publisher.ack();
    await sut.idle();
    assert.deepEqual(publisher.published, [1, 2, 5]);
    assert.deepEqual((await failures.get()).values[0]?.value, 0);
  });

  it('counts a failed publish, never throws, and goes on with the next block', async () => {
    const publisher = new GatedPublisher();
    const failures = new Counter({ name: 'f2', help: 'f', registers: [new Registry()] });
    const sut = new TxsDecodedNotifier(publisher, failures, pino({ level: 'silent' }));
    publisher.failNext = true;
    sut.notify(7);
    await sut.idle();
    sut.notify(8);
    await tick();
    publisher.ack();
    await sut.idle();
    assert.deepEqual(publisher.published, [7, 8]);
    assert.equal((await failures.get()).values[0]?.value, 1);
  });
});
