import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drainThenClose } from './drain-then-close';

/** A connection whose drain behaves as `drain` says, recording what was called. */
function connection(drain: () => Promise<void>) {
  const calls: string[] = [];
  let closed = false;
  return {
    calls,
    drain: () => {
      calls.push('drain');
      return drain().then(() => {
        closed = true;
      });
    },
    isClosed: () => closed,
    close: () => {
      calls.push('close');
      closed = true;
      return Promise.resolve();
    },
  };
}

void describe('drainThenClose', () => {
  void it('drains and does not close again a connection the drain closed', async () => {
    const nc = connection(() => Promise.resolve());
    await drainThenClose(nc, 60_000);
    assert.deepEqual(nc.calls, ['drain']);
  });

  void it('closes a connection whose drain failed (NATS unreachable)', async () => {
    const nc = connection(() => Promise.reject(new Error('CONNECTION_CLOSED')));
    await drainThenClose(nc, 60_000);
    assert.deepEqual(nc.calls, ['drain', 'close']);
  });

  void it('gives up on a drain that never ends and closes the connection', async () => {
    const nc = connection(() => new Promise<void>(() => undefined));
    await drainThenClose(nc, 1);
    assert.deepEqual(nc.calls, ['drain', 'close']);
  });
});
