import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LiteserverTimeoutError, classifyFailure, isRetryable } from './liteserver-errors';

describe(classifyFailure.name, () => {
  it('sorts what ton-lite-client throws into retryable kinds and final answers', () => {
    const cases: [unknown, string, boolean][] = [
      [new LiteserverTimeoutError(400), 'timeout', true],
      [new Error('Timeout'), 'timeout', true], // the engine's own deadline
      [new Error('Engine is closed'), 'transport', true],
      [new Error('connect ECONNREFUSED 127.0.0.1:1'), 'transport', true],
      [new Error('read ECONNRESET'), 'transport', true],
      [new Error('node not synced'), 'notready', true], // lite_api 651 as the C++ node words it
      [new Error('block not found: (-1,8000000000000000) {"seqno":9}'), 'answer', false],
      [new Error('cannot apply external message to current state'), 'answer', false],
      ['a string', 'answer', false],
    ];
    for (const [error, kind, retryable] of cases) {
      const got = classifyFailure(error);
      assert.equal(got, kind, String(error));
      assert.equal(isRetryable(got), retryable, String(error));
    }
  });
});
