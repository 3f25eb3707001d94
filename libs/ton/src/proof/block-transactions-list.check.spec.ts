import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Cell } from '@ton/core';

import { readFixtureJson } from '@app/testing';

import { CellSet } from '../boc/cell-set';
import { buildMerkleProof } from '../boc/merkle-proof';
import {
  type BlockTransactionRef,
  type BlockTransactionsCursor,
  checkBlockTransactionsList,
  walkBlockTransactions,
} from './block-transactions.check';
import { mainnetBlock } from './block-proofs.test-util';
import { flipByte } from './mainnet-answers.test-util';
import { ProofError } from './proof-error';

interface Expected {
  Accounts: Record<string, { Transactions: Record<string, { Lt: number }> }>;
}

const refused = (pattern: RegExp) => (e: unknown) =>
  e instanceof ProofError &&
  e.reason === 'block_transactions' &&
  pattern.test(e.message.replace(/^block_transactions: /, ''));

void describe('listBlockTransactions order and completeness on mainnet block-1', () => {
  const { root, id } = mainnetBlock('block-1.bin', 0, 0x8000000000000000n, 30816553);
  const accounts = root.refs[3]!.refs[2]!.refs[0]!;
  // tongo's decoded view, sorted the way the liteserver lists: by account, then lt.
  const expected = readFixtureJson('mainnet', 'blocks', 'block-1.expected.json') as Expected;
  const sorted = Object.entries(expected.Accounts)
    .flatMap(([account, a]) =>
      Object.values(a.Transactions).map((t) => ({ account, lt: BigInt(t.Lt) })),
    )
    .sort((a, b) =>
      a.account === b.account ? (a.lt < b.lt ? -1 : 1) : a.account < b.account ? -1 : 1,
    );
  const FROM_START: BlockTransactionsCursor = { after: null, reverse: false };
  const name = (t: BlockTransactionRef) => `${t.account.toString('hex')}:${t.lt}`;

  /** The proof a liteserver sends: the cells its walk of `limit` transactions reads (liteserver.cpp). */
  function proofOf(cursor: BlockTransactionsCursor, limit: number): Buffer {
    const extra = root.refs[3]!;
    const keep = CellSet.of(root, extra, extra.refs[2]!);
    walkBlockTransactions(accounts, cursor, limit, (cell: Cell) => keep.add(cell));
    return buildMerkleProof(root, keep).toBoc({ idx: false, crc32: false });
  }

  function page(cursor: BlockTransactionsCursor, count: number) {
    const { txs, eof } = walkBlockTransactions(accounts, cursor, count);
    return { txs, incomplete: !eof, proof: proofOf(cursor, txs.length + 1) };
  }

  void it('walks the 329 transactions of 167 accounts in the order tongo gives, both ways', () => {
    const all = walkBlockTransactions(accounts, FROM_START, 1000);
    assert.equal(all.eof, true);
    assert.deepEqual(
      all.txs.map((t) => `${t.account.toString('hex')}:${t.lt}`),
      sorted.map((t) => `${t.account}:${t.lt}`),
    );
    const reversed = walkBlockTransactions(accounts, { after: null, reverse: true }, 1000);
    assert.deepEqual(reversed.txs.map(name), all.txs.map(name).reverse());
  });

  void it('accepts the honest pages of 100 with after, the last one complete', () => {
    let after: BlockTransactionsCursor['after'] = null;
    const sizes: [number, boolean][] = [];
    for (;;) {
      const cursor = { after, reverse: false };
      const answer = page(cursor, 100);
      checkBlockTransactionsList(answer.proof, id, { ...cursor, count: 100 }, answer);
      sizes.push([answer.txs.length, answer.incomplete]);
      const last = answer.txs.at(-1);
      if (!answer.incomplete || !last) {
        break;
      }
      after = { account: last.account, lt: last.lt };
    }
    assert.deepEqual(sizes, [
      [100, true],
      [100, true],
      [100, true],
      [29, false],
    ]);
    // A count past the block's end: all 329 and complete; past 256, capped (liteserver.cpp).
    const capped = page(FROM_START, 1000);
    assert.equal(capped.txs.length, 329);
    assert.throws(
      () => {
        checkBlockTransactionsList(capped.proof, id, { ...FROM_START, count: 1000 }, capped);
      },
      refused(/^329 transactions, at most 256 asked$/),
    );
    const max = page(FROM_START, 256);
    checkBlockTransactionsList(max.proof, id, { ...FROM_START, count: 1000 }, max);
  });

  const cursor = { after: null, reverse: false, count: 100 };
  const honest = page(FROM_START, 100);

  void it('refuses a page with a transaction skipped or two swapped', () => {
    const skipped = [...honest.txs.slice(0, 5), ...honest.txs.slice(6)];
    assert.throws(
      () => {
        checkBlockTransactionsList(honest.proof, id, cursor, { txs: skipped, incomplete: false });
      },
      refused(/^transaction 5 \(.*\) is not the block's next one/),
    );
    const swapped = [...honest.txs];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    assert.throws(
      () => {
        checkBlockTransactionsList(honest.proof, id, cursor, { txs: swapped, incomplete: true });
      },
      refused(/^transaction 3 \(.*\) is not the block's next one/),
    );
    // Not starting where asked: from the second transaction.
    assert.throws(
      () => {
        checkBlockTransactionsList(honest.proof, id, cursor, {
          txs: honest.txs.slice(1),
          incomplete: false,
        });
      },
      refused(/^transaction 0 /),
    );
  });

  void it('refuses more than asked, fewer than asked yet incomplete, and complete with more left', () => {
    const more = page(FROM_START, 101);
    assert.throws(
      () => {
        checkBlockTransactionsList(more.proof, id, cursor, more);
      },
      refused(/^101 transactions, at most 100 asked$/),
    );
    const fewer = page(FROM_START, 50);
    assert.throws(
      () => {
        checkBlockTransactionsList(fewer.proof, id, cursor, { ...fewer, incomplete: true });
      },
      refused(/^50 transactions of 100 asked, yet incomplete$/),
    );
    // Complete at 100 of the 329, with the proof of the next: it shows the 101st.
    assert.throws(
      () => {
        checkBlockTransactionsList(honest.proof, id, cursor, { ...honest, incomplete: false });
      },
      refused(
        new RegExp(
          `^complete, yet block 30816553 has ${sorted[100]!.account}:${sorted[100]!.lt} next$`,
        ),
      ),
    );
    // Complete at 50 of a count of 50, the proof hiding what follows: not shown, refused.
    const hidden = { txs: fewer.txs, incomplete: false };
    assert.throws(
      () => {
        checkBlockTransactionsList(proofOf(FROM_START, 50), id, { ...cursor, count: 50 }, hidden);
      },
      refused(/pruned branch/),
    );
  });

  void it('refuses a listed hash the block does not file there, and a proof of another block', () => {
    const txs = [...honest.txs];
    txs[7] = { ...txs[7]!, hash: flipByte(txs[7]!.hash!, 3) };
    assert.throws(
      () => {
        checkBlockTransactionsList(honest.proof, id, cursor, { txs, incomplete: true });
      },
      refused(/has another hash in block 30816553$/),
    );
    const other = { ...id, rootHash: flipByte(id.rootHash, 0) };
    assert.throws(() => {
      checkBlockTransactionsList(honest.proof, other, cursor, honest);
    }, refused(/./));
  });
});
