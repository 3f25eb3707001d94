import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathProblem, rawPathOf } from './canonical-path';

void describe(pathProblem.name, () => {
  void it('accepts the routes as written, with any query string', () => {
    for (const url of [
      '/',
      '/healthz',
      '/api/v2/',
      '/api/v2/getMasterchainInfo?api_key=%41',
      '/api/v3/nft/items?limit=1',
      '/api/streaming/v2/sse',
      '/api/docs/swagger-ui.css',
      '/API/V2/getMasterchainInfo',
      '/api/v2/getMasterchainInfo/',
    ]) {
      assert.equal(pathProblem(url), undefined, url);
    }
  });

  void it('refuses escapes, empty and dot segments, ; and \\, naming the path', () => {
    for (const [url, why] of [
      ['/api/v%32/getMasterchainInfo', 'only unescaped'],
      ['/%61pi/v2/x', 'only unescaped'],
      ['/api/v%2532/x', 'only unescaped'],
      ['//api/v2/x', 'empty segment'],
      ['/api//v2/x', 'empty segment'],
      ['/api/v2/./x', 'dot segment'],
      ['/api/v2/../v3/x', 'dot segment'],
      ['/api/v2/x;a=b', 'only unescaped'],
      ['/api\\v2/x', 'only unescaped'],
      ['http://host/api/v2/x', 'must start with /'],
      ['*', 'must start with /'],
    ] as const) {
      const problem = pathProblem(url);
      assert.ok(
        problem?.startsWith(`malformed path '${rawPathOf(url)}': `),
        `${url}: ${String(problem)}`,
      );
      assert.ok(problem?.includes(why), `${url}: ${String(problem)}`);
    }
  });

  void it('quotes at most 256 characters of a long path', () => {
    const problem = pathProblem(`/${'%41'.repeat(100_000)}`);
    assert.ok(problem !== undefined && problem.length < 400, String(problem?.length));
    assert.ok(problem.includes('…'));
  });
});
