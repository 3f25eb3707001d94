/** A limiter's answer for one request, in the units of the headers. */
export interface LimitState {
  /** Requests allowed per window. */
  readonly limit: number;
  readonly remaining: number;
  /** Milliseconds until the window resets. */
  readonly resetMs: number;
}

/**
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (IETF httpapi ratelimit-headers draft:
 * delta seconds, never 0 while a window runs) on every limited response, and `Retry-After` (RFC 9110,
 * seconds) when refused.
 */
export function rateLimitHeaders(state: LimitState, refused: boolean): Record<string, string> {
  const resetSeconds = String(Math.max(1, Math.ceil(state.resetMs / 1000)));
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(Math.max(0, state.remaining)),
    'RateLimit-Reset': resetSeconds,
    ...(refused ? { 'Retry-After': resetSeconds } : {}),
  };
}
