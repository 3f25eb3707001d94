import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corsHeaders } from './response-headers';

const EXPOSE =
  'X-Request-Id, X-API-Version, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';

void describe('corsHeaders', () => {
  void it('any origin: allowed without Vary', () => {
    assert.deepEqual(corsHeaders('GET', {}, ['*']), {
      headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSE },
      preflight: false,
    });
  });

  void it('a list: the listed origin echoed with Vary, another one only Vary', () => {
    const origins = ['https://a.example'];
    assert.deepEqual(corsHeaders('GET', { origin: 'https://a.example' }, origins).headers, {
      vary: 'Origin',
      'access-control-allow-origin': 'https://a.example',
      'access-control-expose-headers': EXPOSE,
    });
    assert.deepEqual(corsHeaders('GET', { origin: 'https://b.example' }, origins), {
      headers: { vary: 'Origin' },
      preflight: false,
    });
  });

  void it('a preflight adds the methods, headers and max age; CORS off adds nothing', () => {
    const preflight = corsHeaders('OPTIONS', { 'access-control-request-method': 'POST' }, ['*']);
    assert.equal(preflight.preflight, true);
    assert.equal(preflight.headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
    assert.equal(preflight.headers['access-control-max-age'], '86400');
    assert.deepEqual(corsHeaders('OPTIONS', { 'access-control-request-method': 'POST' }, []), {
      headers: {},
      preflight: false,
    });
  });
});
