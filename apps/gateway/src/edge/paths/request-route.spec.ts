import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiOf, isMeteredRoute } from './request-route';

function request(url: string, template: string | undefined) {
  return { url, routeOptions: { url: template } } as Parameters<typeof apiOf>[0];
}

void describe(isMeteredRoute.name, () => {
  void it('meters every API route and every path no route matched', () => {
    for (const template of [
      '/api/v2/:method',
      '/api/v2/jsonRPC',
      '/api/v3/:endpoint',
      '/api/v3/:group/:endpoint',
      '/api/streaming/v2/sse',
      '/api/streaming/v2/ws',
      undefined,
    ]) {
      assert.equal(isMeteredRoute(template), true, String(template));
    }
  });

  void it('leaves operations and documentation alone', () => {
    for (const template of [
      '/healthz',
      '/readyz',
      '/metrics',
      '/api/v2',
      '/api/v2/',
      '/api/v3/index.html',
      '/api/v2/openapi.json',
      '/api/v3/openapi.json',
      '/api/streaming/v2/openapi.json',
      '/api/docs/swagger-ui.css',
    ]) {
      assert.equal(isMeteredRoute(template), false, template);
    }
  });
});

void describe(apiOf.name, () => {
  void it('takes the API from the matched route, whatever the URL says', () => {
    assert.equal(apiOf(request('/api/v%32/getMasterchainInfo', '/api/v2/:method')), 'v2');
    assert.equal(apiOf(request('/api/v%33/blocks', '/api/v3/:endpoint')), 'v3');
    assert.equal(apiOf(request('/api/%73treaming/v2/sse', '/api/streaming/v2/sse')), 'streaming');
    assert.equal(apiOf(request('/api/v2/x', '/healthz')), 'other');
  });

  void it('reads an unmatched path leniently, for the shape of its 404', () => {
    assert.equal(apiOf(request('/API/V2/nope', undefined)), 'v2');
    assert.equal(apiOf(request('//api//v3//nope?x=1', undefined)), 'v3');
    assert.equal(apiOf(request('/api/v%2533/nope', undefined)), 'v3');
    assert.equal(apiOf(request('/api\\v2\\nope', undefined)), 'v2');
    assert.equal(apiOf(request('/api/./v2/nope', undefined)), 'v2');
    assert.equal(apiOf(request('/api;x/v3;y/nope', undefined)), 'v3');
    assert.equal(apiOf(request('/api/v2/../v3/nope', undefined)), 'v3');
    assert.equal(apiOf(request('/api/v%ZZ/nope', undefined)), 'other');
    assert.equal(apiOf(request('/nope', undefined)), 'other');
  });
});
