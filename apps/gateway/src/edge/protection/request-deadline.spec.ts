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
    await runWithDeadline(200, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { timeoutMs } = deadlineOptions();
      assert.ok(timeoutMs !== undefined && timeoutMs <= 150 && timeoutMs >= 100, String(timeoutMs));
    });
    await runWithDeadline(1, async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      assert.deepEqual(deadlineOptions(), { timeoutMs: 1 });
    });
  });
});
