import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contractCode } from './compile-contract';

describe('contractCode', () => {
  it('compiles without leaving the FunC compiler’s process-wide crash handlers behind', async () => {
    const before = [
      process.listenerCount('uncaughtException'),
      process.listenerCount('unhandledRejection'),
    ];
    const code = await contractCode('nft-item');
    assert.equal(code.bits.length > 0, true);
    assert.deepEqual(
      [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')],
      before,
    );
    // Cached per process: the same cell again.
    assert.equal(await contractCode('nft-item'), code);
  });
});
