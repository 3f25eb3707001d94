import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  beginCell,
  Cell,
  loadTransactionCreditPhase,
  loadTransactionStoragePhase,
} from '@ton/core';
import { readFixture } from '@app/testing';
import { parseBlock } from './block.parser';
import { messageContextOf } from './message.flattener';
import { flattenTransaction } from './transaction.flattener';

/** Every cell of a tree, by base64 hash. */
function cellsByHash(root: Cell): Map<string, Cell> {
  const found = new Map<string, Cell>();
  const stack = [root];
  for (let cell = stack.pop(); cell !== undefined; cell = stack.pop()) {
    const key = cell.hash(0).toString('base64');
    if (!found.has(key)) {
      found.set(key, cell);
      stack.push(...cell.refs);
    }
  }
  return found;
}

/** A real transaction with `tr_phase_compute_skipped$0 cskip_no_gas$10`, rewritten to cskip_suspended$110. */
function asSuspended(tx: Cell): Cell {
  const descr = tx.refs[tx.refs.length - 1]!;
  const s = descr.beginParse();
  assert.equal(s.loadUint(4), 0, 'trans_ord');
  s.loadBit();
  if (s.loadBit()) {
    loadTransactionStoragePhase(s);
  }
  if (s.loadBit()) {
    loadTransactionCreditPhase(s);
  }
  const at = descr.bits.length - s.remainingBits;
  assert.equal(s.loadUint(3), 0b010, 'compute skipped with no_gas');
  const suspended = beginCell()
    .storeBits(descr.bits.substring(0, at))
    .storeUint(0b0110, 4)
    .storeBits(descr.bits.substring(at + 3, descr.bits.length - at - 3));
  for (const ref of descr.refs) {
    suspended.storeRef(ref);
  }
  const rewritten = beginCell().storeBits(tx.bits);
  for (const ref of [...tx.refs.slice(0, -1), suspended.endCell()]) {
    rewritten.storeRef(ref);
  }
  return rewritten.endCell();
}

void describe('cskip_suspended (which @ton/core 0.63 cannot read)', () => {
  void it('is flattened as skipped_reason "suspended" with every other column as read before', () => {
    const root = Cell.fromBoc(readFixture('mainnet/blocks/block-2.bin'))[0]!;
    const block = parseBlock(root, { rootHash: root.hash(), fileHash: Buffer.alloc(32) });
    const skipped = block.transactions.find(
      (t) => t.computeSkipped === true && t.skippedReason === 'no_gas' && t.descr === 'ord',
    );
    assert.ok(skipped, 'block-2 has ordinary transactions skipped for lack of gas');
    const original = cellsByHash(root).get(skipped.hash)!;
    const rewritten = asSuspended(original);
    const got = flattenTransaction(rewritten, 0, messageContextOf(block.header.version));
    assert.equal(got.skippedReason, 'suspended');
    assert.equal(got.hash, rewritten.hash().toString('base64'));
    assert.deepEqual({ ...got, hash: skipped.hash, skippedReason: 'no_gas' }, { ...skipped });
  });
});
