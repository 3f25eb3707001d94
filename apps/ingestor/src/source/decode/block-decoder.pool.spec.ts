import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readFixture, readFixtureJson } from '@app/testing';
import { installNativeSha256 } from '@app/ton';
import { beginCell, Cell } from '@ton/core';
import { decodeBlock } from './block-decode';
import { BlockDecoderPool } from './block-decoder.pool';

// The real mainnet blocks of fixtures/mainnet/blocks (block-4 holds no transactions); their ids are not recorded, so each is asked by
// the hash of its own root (and a zero file hash, which nothing checks).
const FIXTURES = ['block-1', 'block-2', 'block-3', 'block-4', 'block-5'];
const ZERO = Buffer.alloc(32);

function fixture(name: string): { data: Buffer; rootHash: Buffer; txHashes: string[] } {
  const data = readFixture('mainnet', 'blocks', `${name}.bin`);
  const expected = readFixtureJson('mainnet', 'blocks', `${name}.expected.json`) as {
    TxHashes: string[] | null;
  };
  return { data, rootHash: Cell.fromBoc(data)[0]!.hash(), txHashes: expected.TxHashes ?? [] };
}

void describe(BlockDecoderPool.name, () => {
  installNativeSha256();
  const sut = new BlockDecoderPool(2);
  after(() => sut.close());

  // The threads read bits with installFastBitOps (block-decode.worker.ts) and this thread with
  // @ton/core's own reader: equal results are also that reader's check on real blocks.
  void it('gives, from its threads, what decoding on the calling thread gives, for every mainnet fixture', async () => {
    const blocks = FIXTURES.map(fixture);
    const results = await Promise.all(
      blocks.map((b) => sut.decode(b.data, { rootHash: b.rootHash, fileHash: ZERO })),
    );
    results.forEach((result, i) => {
      const b = blocks[i]!;
      assert.equal(result.kind, 'parsed', FIXTURES[i]);
      assert.deepEqual(result, decodeBlock(b.data, { rootHash: b.rootHash, fileHash: ZERO }));
      const hashes = result.block.transactions.map((tx) => Buffer.from(tx.hash, 'base64'));
      assert.deepEqual(
        hashes.map((h) => h.toString('hex')).sort(),
        [...b.txHashes].map((h) => h.toLowerCase()).sort(),
      );
    });
  });

  void it('names bytes that are not the block asked for as bad data, and a non-Block as unparsable', async () => {
    const b = fixture('block-2');
    assert.deepEqual(await sut.decode(b.data, { rootHash: ZERO, fileHash: ZERO }), {
      kind: 'bad-data',
      error: 'root hash mismatch',
    });
    const garbage = await sut.decode(Buffer.from('not a bag of cells'), {
      rootHash: ZERO,
      fileHash: ZERO,
    });
    assert.equal(garbage.kind, 'bad-data');
    const notABlock = beginCell().storeUint(0xdeadbeef, 32).endCell();
    const result = await sut.decode(notABlock.toBoc(), {
      rootHash: notABlock.hash(),
      fileHash: ZERO,
    });
    assert.equal(result.kind, 'unparsable');
  });

  void it('answers what it holds when closed, on the calling thread, and everything after', async () => {
    const pool = new BlockDecoderPool(1);
    const b = fixture('block-3');
    const hashes = { rootHash: b.rootHash, fileHash: ZERO };
    const held = [pool.decode(b.data, hashes), pool.decode(b.data, hashes)];
    await pool.close();
    const expected = decodeBlock(b.data, hashes);
    assert.deepEqual(await Promise.all(held), [expected, expected]);
    assert.deepEqual(await pool.decode(b.data, hashes), expected);
  });
});
