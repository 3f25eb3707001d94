import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sha256_sync } from '@ton/crypto';
import { Cell } from '@ton/core';
import { readFixture } from '@app/testing';
import { installNativeSha256, nativeSha256 } from './native-sha256';

describe('installNativeSha256', () => {
  it('computes what @ton/crypto computes, for bytes and UTF-8 strings', () => {
    for (const input of [Buffer.alloc(0), Buffer.from('00ff10', 'hex'), Buffer.alloc(1000, 7)]) {
      assert.deepEqual(nativeSha256(input), sha256_sync(input));
    }
    assert.deepEqual(nativeSha256('héllo'), sha256_sync('héllo'));
  });

  it('leaves every cell hash of a real mainnet block unchanged', () => {
    const boc = readFixture('mainnet/blocks/block-1.bin');
    const before = Cell.fromBoc(boc)[0]!.hash().toString('hex');
    assert.equal(installNativeSha256(), true);
    const after = Cell.fromBoc(boc)[0]!.hash().toString('hex');
    assert.equal(after, before);
    // fixtures/README.md: root hash 8d544c9d…
    assert.ok(after.startsWith('8d544c9d'));
  });
});
