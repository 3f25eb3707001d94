import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cell } from '@ton/core';

import { readFixture } from '@app/testing';

import { serializeBocMultiRoot } from '../boc/multi-root-boc';
import { busiestAccountTransactions } from './block-proofs.test-util';
import { ProofError } from './proof-error';
import { checkTransactionList } from './transaction-list.check';

/** The transactions of the account of mainnet block-1 (0,8000000000000000,30816553) with the most. */
function accountTransactions(): { accountId: Buffer; newestFirst: Cell[] } {
  const [block] = Cell.fromBoc(readFixture('mainnet', 'blocks', 'block-1.bin')) as [Cell];
  return busiestAccountTransactions(block);
}

function ltOf(tx: Cell): bigint {
  const s = tx.beginParse();
  s.skip(4 + 256);
  return s.loadUintBig(64);
}

const refused = (e: unknown): boolean => e instanceof ProofError && e.reason === 'transactions';

void describe('checkTransactionList on mainnet block-1', () => {
  const { accountId, newestFirst } = accountTransactions();
  const first = newestFirst[0]!;
  const request = { accountId, lt: ltOf(first), hash: first.hash() };
  const boc = (cells: Cell[]): Buffer => serializeBocMultiRoot(cells);

  void it('accepts the account chain newest first', () => {
    assert.ok(newestFirst.length >= 3);
    const txs = checkTransactionList(boc(newestFirst), request, 1000);
    assert.equal(txs.length, newestFirst.length);
    assert.deepEqual(
      txs.map((t) => t.lt),
      newestFirst.map(ltOf),
    );
    // `now` of each: block-1's gen_utime.
    assert.deepEqual(new Set(txs.map((t) => t.now)), new Set([1669313155]));
  });

  void it('refuses a list starting at another transaction', () => {
    assert.throws(() => checkTransactionList(boc(newestFirst.slice(1)), request, 1000), refused);
    assert.throws(
      () => checkTransactionList(boc(newestFirst), { ...request, lt: request.lt + 1n }, 1000),
      refused,
    );
  });

  void it('refuses a list with a transaction left out or reordered', () => {
    const gap = [newestFirst[0], ...newestFirst.slice(2)] as Cell[];
    assert.throws(() => checkTransactionList(boc(gap), request, 1000), /transaction 1 is/);
    const swapped = [
      newestFirst[0],
      newestFirst[2],
      newestFirst[1],
      ...newestFirst.slice(3),
    ] as Cell[];
    assert.throws(() => checkTransactionList(boc(swapped), request, 1000), refused);
  });

  void it('refuses the right chain filed under another account', () => {
    const other = Buffer.from(accountId);
    other[31] = (other[31] ?? 0) ^ 1;
    assert.throws(
      () => checkTransactionList(boc(newestFirst), { ...request, accountId: other }, 1000),
      /of another account/,
    );
  });

  void it('refuses more transactions than asked for, and none', () => {
    assert.throws(() => checkTransactionList(boc(newestFirst), request, 1), refused);
    assert.throws(() => checkTransactionList(Buffer.alloc(0), request, 1000), refused);
  });

  /** block-1, the block all these transactions are in: (0, 8000000000000000, 30816553). */
  const BLOCK = { workchain: 0, shard: 0x8000000000000000n, seqno: 30816553 };
  const blocks = (ids = newestFirst.map(() => BLOCK)) => ({ workchain: 0, ids });

  void it('accepts one block id per transaction, of the account shard, seqnos never rising', () => {
    const txs = checkTransactionList(boc(newestFirst), request, 1000, blocks());
    assert.equal(txs.length, newestFirst.length);
    // An older transaction in an older block of a parent shard (before a split): fine.
    const older = newestFirst.map((_, i) =>
      i === newestFirst.length - 1 ? { ...BLOCK, seqno: BLOCK.seqno - 7 } : BLOCK,
    );
    assert.equal(
      checkTransactionList(boc(newestFirst), request, 1000, blocks(older)).length,
      txs.length,
    );
  });

  void it('refuses block ids that do not match the transactions', () => {
    const n = newestFirst.length;
    assert.throws(
      () =>
        checkTransactionList(
          boc(newestFirst),
          request,
          1000,
          blocks(newestFirst.slice(1).map(() => BLOCK)),
        ),
      new RegExp(`: ${n - 1} block ids for ${n} transactions$`),
    );
    assert.throws(
      () =>
        checkTransactionList(boc(newestFirst), request, 1000, {
          ...blocks(),
          workchain: -1,
        }),
      /transaction 0 names block \(0,8000000000000000,30816553\), not of the account's shard/,
    );
    // A shard that does not hold the account: the half the account id's first bit is not in.
    const half = (accountId[0]! & 0x80) !== 0 ? 0x4000000000000000n : 0xc000000000000000n;
    const otherShard = newestFirst.map((_, i) => (i === 1 ? { ...BLOCK, shard: half } : BLOCK));
    assert.throws(
      () => checkTransactionList(boc(newestFirst), request, 1000, blocks(otherShard)),
      /transaction 1 names block \(0,[0-9a-f]+,30816553\), not of the account's shard/,
    );
    // An older transaction said to be in a newer block than the one after it.
    const rising = newestFirst.map((_, i) =>
      i === 2 ? { ...BLOCK, seqno: BLOCK.seqno + 1 } : BLOCK,
    );
    assert.throws(
      () => checkTransactionList(boc(newestFirst), request, 1000, blocks(rising)),
      /transaction 2 names block seqno 30816554, after the newer transaction's 30816553/,
    );
  });
});
