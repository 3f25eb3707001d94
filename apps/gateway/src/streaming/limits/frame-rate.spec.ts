import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrameRateLimiter, type FrameVerdict } from './frame-rate';

const LIMITS = { framesPerSecond: 10, burst: 5, refusedBeforeClose: 3, bytesPerToken: 1000 };
/** A full bucket's verdicts: the burst's five frames accepted. */
const BURST_ACCEPTED: FrameVerdict[] = ['accept', 'accept', 'accept', 'accept', 'accept'];

function verdicts(
  limiter: FrameRateLimiter,
  count: number,
  now: number,
  bytes = 10,
): FrameVerdict[] {
  return Array.from({ length: count }, () => limiter.admit(bytes, now));
}

describe('FrameRateLimiter', () => {
  it('accepts a burst, refuses past it, and closes after refusals in a row', () => {
    const limiter = new FrameRateLimiter(LIMITS, 0);
    assert.deepEqual(verdicts(limiter, 8, 0), [...BURST_ACCEPTED, 'refuse', 'refuse', 'close']);
  });

  it('refills at the sustained rate, and an accepted frame ends a run of refusals', () => {
    const limiter = new FrameRateLimiter(LIMITS, 0);
    verdicts(limiter, 5, 0);
    assert.deepEqual(verdicts(limiter, 2, 0), ['refuse', 'refuse']);
    // 100 ms at 10 frames/s: one token.
    assert.deepEqual(verdicts(limiter, 2, 100), ['accept', 'refuse']);
    assert.deepEqual(verdicts(limiter, 2, 100), ['refuse', 'close']);
  });

  it('never holds more than the burst however long the connection was idle', () => {
    const limiter = new FrameRateLimiter(LIMITS, 0);
    assert.deepEqual(verdicts(limiter, 6, 3_600_000), [...BURST_ACCEPTED, 'refuse']);
  });

  it('charges a frame one token per started bytesPerToken bytes', () => {
    const limiter = new FrameRateLimiter(LIMITS, 0);
    assert.equal(limiter.admit(4001, 0), 'accept'); // 5 tokens: the whole burst
    assert.equal(limiter.admit(1, 0), 'refuse');
    assert.equal(limiter.admit(6000, 10_000), 'refuse'); // more than the bucket ever holds
  });
});
