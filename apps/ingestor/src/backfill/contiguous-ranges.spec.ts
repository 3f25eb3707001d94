import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contiguousRanges } from './contiguous-ranges';

void describe('contiguousRanges', () => {
  void it('groups gaps into runs and splits long runs', () => {
    assert.deepEqual(contiguousRanges([1, 2, 3, 7, 8, 10], 100), [
      { from: 1, to: 3 },
      { from: 7, to: 8 },
      { from: 10, to: 10 },
    ]);
    assert.deepEqual(contiguousRanges([1, 2, 3, 4, 5], 2), [
      { from: 1, to: 2 },
      { from: 3, to: 4 },
      { from: 5, to: 5 },
    ]);
    assert.deepEqual(contiguousRanges([], 10), []);
  });
});
