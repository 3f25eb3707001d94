import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  LiteserverTimeoutError,
  classifyFailure,
  isRetryable,
  isStateGone,
  liteserverAnswerError,
} from './liteserver-errors';

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

describe(isStateGone.name, () => {
  // As a mainnet liteserver answered (pytoniq issue #49), and as the pool passes it on.
  const gcd =
    "cannot load state for (-1,8000000000000000,29760365):96BF116ABA7C06E8B2B4A3EC32198455B1E877269F64D6932ADBD7F5A6733643:0C6D4A2360EBABB22903921CC475567E8BE5C1741B2200486C00AD574A432D9F : state already gc'd";

  it("recognises a pruned node's answer, raw or as the pool's LITE_SERVER_UNKNOWN", () => {
    assert.equal(isStateGone(new Error(gcd)), true);
    assert.equal(isStateGone(liteserverAnswerError(new Error(gcd))), true);
    assert.equal(classifyFailure(new Error(gcd)), 'answer');
  });

  it('leaves other answers alone', () => {
    assert.equal(isStateGone(new Error('block not found: (0,8000000000000000,3)')), false);
    assert.equal(isStateGone(new Error('Timeout')), false);
  });
});
