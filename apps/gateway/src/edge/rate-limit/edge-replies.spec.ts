import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiFlavourOf, edgeErrorReply, rateLimitedReply } from './edge-replies';

void describe('edge replies', () => {
  void it('renders 429 exactly as toncenter: `result` on v2, `error` on v3', () => {
    assert.equal(
      JSON.stringify(rateLimitedReply('v2').body),
      '{"ok":false,"result":"Ratelimit exceed","code":429}',
    );
    assert.equal(JSON.stringify(rateLimitedReply('v3').body), '{"error":"Ratelimit exceed"}');
  });

  void it('renders key refusals in each API shape', () => {
    assert.deepEqual(edgeErrorReply('v2', 401, 'API key does not exist'), {
      status: 401,
      body: { ok: false, error: 'API key does not exist', code: 401 },
    });
    assert.deepEqual(edgeErrorReply('v3', 403, 'Network not allowed'), {
      status: 403,
      body: { error: 'Network not allowed' },
    });
  });

  void it('answers in the v2 envelope on v2 only', () => {
    assert.equal(apiFlavourOf('v3'), 'v3');
    assert.equal(apiFlavourOf('v2'), 'v2');
    // The Streaming API's errors are `{"error": …}` like v3's (toncenter ton-streaming-go).
    assert.equal(apiFlavourOf('streaming'), 'v3');
    assert.equal(apiFlavourOf('other'), 'v3');
  });
});
