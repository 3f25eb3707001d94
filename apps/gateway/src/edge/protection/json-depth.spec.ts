import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonDepthExceeds } from './json-depth';

describe(jsonDepthExceeds.name, () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    assert.equal(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 4), false);
    assert.equal(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 3), true);
    assert.equal(jsonDepthExceeds('{"a":"[[[[[[[[[["}', 1), false);
    assert.equal(jsonDepthExceeds('{"a":"\\"[[[["}', 1), false);
    assert.equal(jsonDepthExceeds('[]', 0), true);
    assert.equal(jsonDepthExceeds('"plain"', 0), false);
  });

  it('stops at the limit on a body nested a million deep', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    assert.equal(jsonDepthExceeds(deep, 64), true);
    assert.equal(jsonDepthExceeds('['.repeat(64) + ']'.repeat(64), 64), false);
  });
});
