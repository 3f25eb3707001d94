import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryWindow } from './memory-window';

/** A clock the test moves by hand. */
function clock(start: number): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
  };
}

void describe('MemoryWindow', () => {
  void it('allows up to its points per window and refuses the rest of that window', () => {
    const time = clock(1_000);
    const window = new MemoryWindow(2, 1000, time.now);
    assert.deepEqual(window.consume('a', 1), { allowed: true, remaining: 1, msBeforeNext: 1000 });
    time.advance(300);
    assert.deepEqual(window.consume('a', 1), { allowed: true, remaining: 0, msBeforeNext: 700 });
    assert.deepEqual(window.consume('a', 1), { allowed: false, remaining: 0, msBeforeNext: 700 });
    assert.equal(window.consumed('a'), 3);
  });

  void it('counts each key on its own', () => {
    const window = new MemoryWindow(1, 1000, clock(0).now);
    assert.equal(window.consume('a', 1).allowed, true);
    assert.equal(window.consume('b', 1).allowed, true);
    assert.equal(window.consume('a', 1).allowed, false);
  });

  void it('opens a new window once the first one ends', () => {
    const time = clock(0);
    const window = new MemoryWindow(1, 1000, time.now);
    window.consume('a', 1);
    assert.equal(window.consume('a', 1).allowed, false);
    time.advance(1000);
    assert.equal(window.consumed('a'), 0);
    assert.deepEqual(window.consume('a', 1), { allowed: true, remaining: 0, msBeforeNext: 1000 });
  });

  void it('refuses a consumption larger than the window at once', () => {
    const window = new MemoryWindow(3, 1000, clock(0).now);
    assert.deepEqual(window.consume('a', 4), { allowed: false, remaining: 0, msBeforeNext: 1000 });
  });
});
