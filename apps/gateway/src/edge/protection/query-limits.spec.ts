import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { queryStringProblem } from './query-limits';

describe(queryStringProblem.name, () => {
  const limits = { maxQueryLength: 20, maxQueryParams: 3 };

  it('accepts what is within the limits', () => {
    assert.equal(queryStringProblem('/api/v2/getMasterchainInfo', limits), undefined);
    assert.equal(queryStringProblem('/api/v3/blocks?', limits), undefined);
    assert.equal(queryStringProblem('/api/v3/blocks?a=1&b=2&c=3', limits), undefined);
  });

  it('names the limit a query string breaks', () => {
    assert.equal(
      queryStringProblem(`/api/v3/blocks?a=${'x'.repeat(19)}`, limits),
      'query string too long (at most 20 bytes)',
    );
    assert.equal(
      queryStringProblem('/api/v3/blocks?a&b&c&d', limits),
      'too many query parameters (at most 3)',
    );
  });
});
