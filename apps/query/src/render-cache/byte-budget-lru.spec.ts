import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteBudgetLru } from './byte-budget-lru';

void describe(ByteBudgetLru.name, () => {
  void it('evicts the least recently used until the total is within the budget', () => {
    const lru = new ByteBudgetLru<number>(10);
    lru.set('a', 1, 4);
    lru.set('b', 2, 4);
    assert.equal(lru.get('a'), 1);
    lru.set('c', 3, 4);
    assert.deepEqual(
      ['a', 'b', 'c'].map((k) => lru.get(k)),
      [1, undefined, 3],
    );
    assert.equal(lru.bytes, 8);
  });

  void it('counts a replaced value once, and forgets a deleted one', () => {
    const lru = new ByteBudgetLru<string>(10);
    lru.set('a', 'x', 6);
    lru.set('a', 'y', 3);
    assert.equal(lru.bytes, 3);
    assert.equal(lru.get('a'), 'y');
    lru.delete('a');
    assert.equal(lru.size, 0);
    assert.equal(lru.bytes, 0);
  });

  void it('keeps nothing larger than the budget, and nothing at all with a budget of 0', () => {
    const lru = new ByteBudgetLru<string>(10);
    lru.set('a', 'x', 5);
    lru.set('big', 'y', 11);
    assert.equal(lru.get('big'), undefined);
    assert.equal(lru.get('a'), 'x');
    const none = new ByteBudgetLru<string>(0);
    none.set('a', 'x', 1);
    assert.equal(none.size, 0);
  });
});
