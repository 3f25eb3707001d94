import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KeyPresence } from './key-presence';

void describe(KeyPresence.name, () => {
  void it('remembers the answer for the TTL, reads once for concurrent callers, forgets on a change', async () => {
    let now = 0;
    let any = false;
    let reads = 0;
    const sut = new KeyPresence(
      () => {
        reads += 1;
        return Promise.resolve(any);
      },
      100,
      () => now,
    );
    assert.deepEqual(await Promise.all([sut.anyKey(), sut.anyKey()]), [false, false]);
    assert.equal(reads, 1);
    any = true;
    now = 99;
    assert.equal(await sut.anyKey(), false);
    now = 100;
    assert.equal(await sut.anyKey(), true);
    any = false;
    sut.invalidate();
    assert.equal(await sut.anyKey(), false);
    assert.equal(reads, 3);
  });

  void it('does not remember a failed read', async () => {
    let fail = true;
    const sut = new KeyPresence(
      () => (fail ? Promise.reject(new Error('db down')) : Promise.resolve(true)),
      60_000,
    );
    await assert.rejects(sut.anyKey(), /db down/);
    fail = false;
    assert.equal(await sut.anyKey(), true);
  });
});
