/** How fast one WebSocket connection may send frames (StreamingOptions). */
export interface FrameRateLimits {
  /** Tokens refilled per second: the sustained frame rate. */
  readonly framesPerSecond: number;
  /** Bucket size: frames a client may send at once (a subscribe, pings, re-subscribes). */
  readonly burst: number;
  /** Frames refused in a row after which the connection is closed (policy violation, 1008). */
  readonly refusedBeforeClose: number;
  /** Bytes one token pays for: a frame costs one token per started block of this size. */
  readonly bytesPerToken: number;
}

export type FrameVerdict = 'accept' | 'refuse' | 'close';

/**
 * A token bucket per WebSocket connection, checked before a frame is parsed: a frame costs one token
 * per started `bytesPerToken` bytes (a megabyte subscribe costs what many pings cost). Over the rate
 * a frame is refused (the client gets an error frame and the frame is not read); a client that keeps
 * sending regardless — `refusedBeforeClose` refusals with no accepted frame between them — is closed.
 */
export class FrameRateLimiter {
  private tokens: number;
  private refilledAt: number;
  private refusedInRow = 0;

  constructor(
    private readonly limits: FrameRateLimits,
    now: number,
  ) {
    this.tokens = limits.burst;
    this.refilledAt = now;
  }

  /** What to do with a frame of `bytes` bytes arriving at `now` (milliseconds). */
  admit(bytes: number, now: number): FrameVerdict {
    const elapsed = Math.max(0, now - this.refilledAt);
    this.tokens = Math.min(
      this.limits.burst,
      this.tokens + (elapsed / 1000) * this.limits.framesPerSecond,
    );
    this.refilledAt = now;
    const cost = Math.max(1, Math.ceil(bytes / this.limits.bytesPerToken));
    if (this.tokens >= cost) {
      this.tokens -= cost;
      this.refusedInRow = 0;
      return 'accept';
    }
    this.refusedInRow += 1;
    return this.refusedInRow >= this.limits.refusedBeforeClose ? 'close' : 'refuse';
  }
}
