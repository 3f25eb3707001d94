import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileHashOf, serializeBoc } from '@app/ton';
import { Address, beginCell } from '@ton/core';
import type { StoredBlock } from './chain-reader';
import { withLazyBlock } from './lazy-block';

function storedOf(seed: number): StoredBlock {
  const leaf = beginCell().storeUint(seed, 32).endCell();
  const block = beginCell().storeUint(0x11ef55aa, 32).storeRef(leaf).storeRef(leaf).endCell();
  return {
    id: {
      workchain: 0,
      shard: 1n << 63n,
      seqno: seed,
      rootHash: block.hash(),
      fileHash: fileHashOf(block),
    },
    block,
    blockBoc: serializeBoc(block),
    state: leaf,
    startLt: 0n,
    endLt: 1n,
    genUtime: 0,
    isKeyBlock: false,
    prev: [],
    mcSeqno: seed,
    transactions: [],
  };
}

void describe(withLazyBlock.name, () => {
  void it('answers the cell it was built with while the cell is held', () => {
    const stored = storedOf(1);
    const sut = withLazyBlock(stored);
    assert.equal(sut.block, stored.block);
    assert.equal({ ...sut }.block, stored.block, 'a spread copy reads it too');
  });

  void it('reads the same cells back from the BoC once the cell was collected', () => {
    const stored = storedOf(3);
    // A holder that has always lost its cell: what a WeakRef is after a collection.
    const sut = withLazyBlock(stored, () => ({ deref: () => undefined }));
    const again = sut.block;
    assert.ok(again !== null);
    assert.notEqual(again, stored.block);
    assert.deepEqual(again.hash(), stored.id.rootHash);
    assert.equal(again.refs[0]?.bits.toString(), '00000003');
  });

  void it('finds a transaction cell again in the re-read block by its hash', () => {
    const tx = beginCell().storeUint(0x7, 4).storeUint(42, 64).endCell();
    const other = beginCell().storeUint(0x7, 4).storeUint(43, 64).endCell();
    const block = beginCell().storeUint(0x11ef55aa, 32).storeRef(other).storeRef(tx).endCell();
    const entry = (cell: typeof tx, lt: bigint) => ({
      address: new Address(0, Buffer.alloc(32, 1)),
      lt,
      hash: cell.hash(),
      cell,
      prevTransLt: 0n,
      prevTransHash: Buffer.alloc(32),
      now: 0,
    });
    const stored: StoredBlock = {
      ...storedOf(4),
      block,
      blockBoc: serializeBoc(block),
      transactions: [entry(other, 1n), entry(tx, 2n)],
    };
    const sut = withLazyBlock(stored, () => ({ deref: () => undefined }));
    const again = sut.transactions[1]?.cell;
    assert.ok(again);
    assert.notEqual(again, tx);
    assert.deepEqual(again.hash(), tx.hash());
    assert.deepEqual(sut.transactions[0]?.cell.hash(), other.hash());
    assert.equal(sut.transactions[1]?.lt, 2n);
  });

  void it('leaves a zero state (no block, no BoC) as it is', () => {
    const zero = { ...storedOf(2), block: null, blockBoc: undefined };
    assert.equal(withLazyBlock(zero), zero);
  });
});
