import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quoteUnsafeIntegers } from './exact-json-integers';

describe('quoteUnsafeIntegers', () => {
  it('keeps 64-bit integer literals exactly, as their digits', () => {
    const text = '{"shard": -9223372036854775808, "lt": 18446744073709551615, "seqno": 5}';
    assert.deepEqual(JSON.parse(quoteUnsafeIntegers(text)), {
      shard: '-9223372036854775808',
      lt: '18446744073709551615',
      seqno: 5,
    });
  });

  it('leaves safe integers, fractions, exponents and strings alone', () => {
    for (const text of [
      '{"a": 9007199254740991, "b": -9007199254740991}',
      '{"a": 1.5, "b": 1e309, "c": 12345678901234567890.5, "d": 1E400}',
      '{"a": "-9223372036854775808", "b\\"99999999999999999999": true}',
      '[null, false, true, 0, -0]',
    ]) {
      assert.equal(quoteUnsafeIntegers(text), text);
    }
  });

  it('quotes inside arrays and nested objects, and leaves broken JSON broken', () => {
    assert.equal(
      quoteUnsafeIntegers('[{"x": [99999999999999999]}, 9007199254740992]'),
      '[{"x": ["99999999999999999"]}, "9007199254740992"]',
    );
    assert.throws(() => JSON.parse(quoteUnsafeIntegers('{"a": --99999999999999999}')));
  });
});
