import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { StuckWatch } from './stuck-watch';

void describe('StuckWatch', () => {
  void it('counts the time without a commit while the head is ahead', () => {
    let now = 1_000_000;
    const watch = new StuckWatch(() => now);
    assert.equal(watch.stuckSeconds(100), 0, 'nothing indexed yet');
    watch.progressed(50);
    now += 30_000;
    assert.equal(watch.stuckSeconds(100), 30);
    assert.equal(watch.waitingOn(), 51);
    now += 90_000;
    assert.equal(watch.stuckSeconds(101), 120);
  });

  void it('resets on progress, and is 0 while caught up', () => {
    let now = 0;
    const watch = new StuckWatch(() => now);
    watch.progressed(10);
    now += 60_000;
    assert.equal(watch.stuckSeconds(20), 60);
    watch.progressed(11);
    assert.equal(watch.stuckSeconds(20), 0);
    now += 5_000;
    assert.equal(watch.stuckSeconds(20), 5);
    watch.progressed(20);
    now += 600_000;
    assert.equal(watch.stuckSeconds(20), 0, 'at the head: waiting for blocks is not being stuck');
    now += 2_000;
    assert.equal(watch.stuckSeconds(21), 2, 'counted from when the head moved past it');
  });

  void it('a commit of the same block again is no progress', () => {
    let now = 0;
    const watch = new StuckWatch(() => now);
    watch.progressed(10);
    now += 10_000;
    watch.progressed(10);
    assert.equal(watch.stuckSeconds(12), 10);
  });
});
