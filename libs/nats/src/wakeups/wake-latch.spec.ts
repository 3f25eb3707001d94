import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WakeLatch } from './wake-latch';

describe(WakeLatch.name, () => {
  it('keeps a wake() that came before the wait: the next wait returns woken, the one after does not', async () => {
    const latch = new WakeLatch();
    latch.wake();
    assert.equal(await latch.wait(60_000), true);
    // The wake-up was consumed; this wait ends by its (short) safety-net interval.
    assert.equal(await latch.wait(1), false);
  });

  it('ends a running wait on wake()', async () => {
    const latch = new WakeLatch();
    const waiting = latch.wait(60_000);
    latch.wake();
    assert.equal(await waiting, true);
  });

  it('ends a running wait when its signal aborts, and answers at once once aborted', async () => {
    const latch = new WakeLatch();
    const abort = new AbortController();
    const waiting = latch.wait(60_000, abort.signal);
    abort.abort();
    assert.equal(await waiting, false);
    assert.equal(await latch.wait(60_000, abort.signal), false);
  });
});
