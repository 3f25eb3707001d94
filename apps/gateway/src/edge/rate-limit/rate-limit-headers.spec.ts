import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rateLimitHeaders } from './rate-limit-headers';

void describe('rateLimitHeaders', () => {
  void it('states the limit, what is left and when the window resets', () => {
    assert.deepEqual(rateLimitHeaders({ limit: 10, remaining: 7, resetMs: 420 }, false), {
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '7',
      'RateLimit-Reset': '1',
    });
  });

  void it('adds Retry-After in whole seconds when refused', () => {
    assert.deepEqual(rateLimitHeaders({ limit: 1, remaining: -3, resetMs: 1500 }, true), {
      'RateLimit-Limit': '1',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '2',
      'Retry-After': '2',
    });
    assert.equal(
      rateLimitHeaders({ limit: 1, remaining: 0, resetMs: 0 }, true)['Retry-After'],
      '1',
    );
  });
});
