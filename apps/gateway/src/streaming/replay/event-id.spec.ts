import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatEventId, isAtOrBefore, parseEventId } from './event-id';

void describe('event ids `<seq>:<k>`', () => {
  void it('round-trips and refuses anything else', () => {
    assert.equal(formatEventId({ seq: 42, k: 3 }), '42:3');
    assert.deepEqual(parseEventId('42:3'), { seq: 42, k: 3 });
    assert.deepEqual(parseEventId(' 7:0 '), { seq: 7, k: 0 });
    for (const bad of [
      '',
      '42',
      '0:1',
      '-1:0',
      '1:-1',
      '1:2:3',
      'a:b',
      '01:0',
      '1.5:0',
      '1234567890123456:0',
    ]) {
      assert.equal(parseEventId(bad), undefined, bad);
    }
  });

  void it('orders notifications by entry, then by index within it', () => {
    const since = { seq: 10, k: 1 };
    assert.equal(isAtOrBefore(9, 5, since), true);
    assert.equal(isAtOrBefore(10, 0, since), true);
    assert.equal(isAtOrBefore(10, 1, since), true);
    assert.equal(isAtOrBefore(10, 2, since), false);
    assert.equal(isAtOrBefore(11, 0, since), false);
  });
});
