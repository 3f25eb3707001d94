import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PROTECTION } from './protection.options';
import { deadlineFor, deadlineOptions, runWithDeadline } from './request-deadline';

describe(deadlineFor.name, () => {
  const options = { ...DEFAULT_PROTECTION, v3MaxDeadlineMs: 5000 };

  it('gives v2 10 s and v3 3 s by default, and nothing to other routes', () => {
    assert.equal(deadlineFor('v2', '/api/v2/getMasterchainInfo', {}, options), 10_000);
    assert.equal(deadlineFor('v3', '/api/v3/blocks?limit=1', {}, options), 3000);
    assert.equal(deadlineFor('other', '/metrics', {}, options), undefined);
    assert.equal(deadlineFor('other', '/healthz', {}, options), undefined);
  });

  it('takes X-Timeout (or x_timeout) on v3, capped, and ignores what it cannot read', () => {
    assert.equal(deadlineFor('v3', '/api/v3/blocks', { 'x-timeout': '1500' }, options), 1500);
    assert.equal(deadlineFor('v3', '/api/v3/blocks', { 'x-timeout': '60000' }, options), 5000);
    assert.equal(deadlineFor('v3', '/api/v3/blocks?x_timeout=700', {}, options), 700);
    assert.equal(deadlineFor('v3', '/api/v3/blocks', { 'x-timeout': 'soon' }, options), 3000);
    assert.equal(deadlineFor('v3', '/api/v3/blocks', { 'x-timeout': '0' }, options), 3000);
    assert.equal(
      deadlineFor('v2', '/api/v2/getMasterchainInfo', { 'x-timeout': '1' }, options),
      10_000,
    );
  });
});

describe(deadlineOptions.name, () => {
  it('is empty outside a request and the time left inside one', async () => {
    assert.deepEqual(deadlineOptions(), {});
    // Bounds from the clock read around each step, so a slow machine cannot fail it.
    const outside = performance.now();
    await runWithDeadline(200, async () => {
      const inside = performance.now();
      while (performance.now() - inside < 50) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const before = performance.now();
      const { timeoutMs } = deadlineOptions();
      const after = performance.now();
      const most = Math.max(1, Math.floor(inside + 200 - before));
      const least = Math.max(1, Math.floor(outside + 200 - after));
      assert.ok(
        timeoutMs !== undefined && timeoutMs <= most && timeoutMs >= least,
        String(timeoutMs),
      );
      assert.ok(timeoutMs <= 150);
    });
    await runWithDeadline(1, async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      assert.deepEqual(deadlineOptions(), { timeoutMs: 1 });
    });
  });
});
