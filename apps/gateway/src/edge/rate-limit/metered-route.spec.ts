import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMeteredRequest } from './metered-route';

void describe('isMeteredRequest', () => {
  void it('meters the v2 and v3 API, unknown paths under them included', () => {
    assert.equal(isMeteredRequest('/api/v2/getMasterchainInfo', '/api/v2/:method'), true);
    assert.equal(isMeteredRequest('/api/v2/jsonRPC', '/api/v2/jsonRPC'), true);
    assert.equal(isMeteredRequest('/api/v3/nft/items?limit=1', '/api/v3/:group/:endpoint'), true);
    assert.equal(isMeteredRequest('/api/v3/a/b/c', undefined), true);
    assert.equal(isMeteredRequest('/api/v2/openapi.jsonx', undefined), true);
  });

  void it('meters the Streaming API (a connection is one request), not its document', () => {
    assert.equal(isMeteredRequest('/api/streaming/v2/sse', '/api/streaming/v2/sse'), true);
    assert.equal(isMeteredRequest('/api/streaming/v2/ws?api_key=x', '/api/streaming/v2/ws'), true);
    assert.equal(isMeteredRequest('/api/streaming/v9', undefined), true);
    assert.equal(
      isMeteredRequest('/api/streaming/v2/openapi.json', '/api/streaming/v2/openapi.json'),
      false,
    );
  });

  void it('leaves operations and documentation alone', () => {
    for (const [url, template] of [
      ['/healthz', '/healthz'],
      ['/metrics', '/metrics'],
      ['/api/v2/', '/api/v2/'],
      ['/api/v3/openapi.json', '/api/v3/openapi.json'],
      ['/api/v2', '/api/v2'],
      ['/api/v3/index.html', '/api/v3/index.html'],
      ['/api/v2/openapi.json', '/api/v2/openapi.json'],
      ['/api/docs/swagger-ui.css', '/api/docs/swagger-ui.css'],
      ['/api/v4/x', undefined],
    ] as const) {
      assert.equal(isMeteredRequest(url, template), false, url);
    }
  });
});
