import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { firstIndexWhere } from './monotone-search';

void describe('firstIndexWhere', () => {
  const lts = [10, 20, 20, 30, 45];

  void it('finds the first item past a bound, ties included', () => {
    assert.equal(
      firstIndexWhere(lts, (x) => x > 20),
      3,
    );
    assert.equal(
      firstIndexWhere(lts, (x) => x >= 20),
      1,
    );
    assert.equal(
      firstIndexWhere(lts, (x) => x > 0),
      0,
    );
  });

  void it('is the length when no item satisfies it, 0 for an empty array', () => {
    assert.equal(
      firstIndexWhere(lts, (x) => x > 45),
      5,
    );
    assert.equal(
      firstIndexWhere([], () => true),
      0,
    );
  });

  void it('agrees with a linear scan on every bound', () => {
    const items = Array.from({ length: 200 }, (_, i) => Math.floor(i / 3));
    for (let bound = -1; bound <= 70; bound++) {
      const expected = items.findIndex((x) => x > bound);
      assert.equal(
        firstIndexWhere(items, (x) => x > bound),
        expected === -1 ? items.length : expected,
      );
    }
  });
});
