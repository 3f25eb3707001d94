import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { flipBit, replaceCell, rewrapProof } from '../boc/cell-rewrite';
import { serializeBocMultiRoot } from '../boc/multi-root-boc';
import { checkBlockInfoProof, type ProofBlockId, sameBlockId } from './block-header.check';
import { busiestAccountTransactions, headerProof, mainnetBlock } from './block-proofs.test-util';
import { ProofError } from './proof-error';
import { checkTransactionList } from './transaction-list.check';
import { checkTransactionsInBlocks } from './transaction-list-blocks.check';

const refused = (e: unknown): boolean => e instanceof ProofError && e.reason === 'transactions';

/** Block `file`'s id and the bounds its header proof (as getBlockHeader keeps it) proves. */
function provenBlock(file: string, seqno: number) {
  const { root, id } = mainnetBlock(file, 0, 0x8000000000000000n, seqno);
  const { info } = checkBlockInfoProof(headerProof(root), id, 'transactions');
  return { root, id, info };
}

void describe('checkTransactionsInBlocks: mainnet block-1 and block-2 of shard (0,8000000000000000)', () => {
  const block1 = provenBlock('block-1.bin', 30816553);
  // A later block of the same shard chain: a real, provable block not holding block-1's transactions.
  const block2 = provenBlock('block-2.bin', 40484416);
  const { accountId, newestFirst } = busiestAccountTransactions(block1.root);
  const first = newestFirst[0]!;
  const txs = checkTransactionList(
    serializeBocMultiRoot(newestFirst),
    {
      accountId,
      lt: first
        .beginParse()
        .skip(4 + 256)
        .loadUintBig(64),
      hash: first.hash(),
    },
    1000,
  );
  const headers = [block1, block2];
  const boundsOf = (id: ProofBlockId) => {
    const found = headers.find((h) => sameBlockId(h.id, id));
    assert.ok(found, `a proven header of block ${id.seqno}`);
    return found.info;
  };
  const inBlock1 = () => txs.map(() => block1.id);

  void it('reads the proven headers: lt ranges and times of the two blocks', () => {
    assert.deepEqual(
      [block1.info.startLt, block1.info.endLt, block1.info.genUtime],
      [33126324000000n, 33126324000330n, 1669313155],
    );
    assert.deepEqual(
      [block2.info.startLt, block2.info.endLt, block2.info.genUtime],
      [43049060000000n, 43049060000511n, 1701783346],
    );
  });

  void it('accepts every transaction of the list in the block that holds it', () => {
    assert.ok(txs.length >= 3);
    checkTransactionsInBlocks(txs, inBlock1(), boundsOf);
  });

  void it('refuses a transaction attributed to another block of the same shard chain', () => {
    const ids = inBlock1();
    ids[1] = block2.id;
    assert.throws(
      () => {
        checkTransactionsInBlocks(txs, ids, boundsOf);
      },
      (e: unknown) =>
        refused(e) &&
        new RegExp(
          `^transactions: transaction 1 \\(lt ${String(txs[1]!.lt)}\\) is not in block ` +
            `\\(0,8000000000000000,40484416\\), whose lts are \\[43049060000000, 43049060000511\\)$`,
        ).test((e as Error).message),
    );
  });

  void it('refuses a transaction whose time is not the block time, its lt in range', () => {
    const changed = txs.map((t, i) => (i === 2 ? { lt: t.lt, now: t.now + 1 } : t));
    assert.throws(() => {
      checkTransactionsInBlocks(changed, inBlock1(), boundsOf);
    }, /^ProofError: transactions: transaction 2 \(now 1669313156\) is not in block \(0,8000000000000000,30816553\), generated at 1669313155$/);
  });

  void it('refuses ids not one per transaction', () => {
    assert.throws(() => {
      checkTransactionsInBlocks(txs, inBlock1().slice(1), boundsOf);
    }, refused);
  });

  void it('a header with a widened lt range does not prove the block it names', () => {
    const proof = headerProof(block1.root);
    const info = proof.refs[0]!.refs[0]!;
    // end_lt's highest bit: 32+32+8+8+32+32 + 2+6+32+64 + 32 + 64 bits in.
    const forged = rewrapProof(replaceCell(proof.refs[0]!, info.hash(0), flipBit(info, 344)));
    assert.equal(
      forged.refs[0]!.refs[0]!.beginParse().skip(344).loadUintBig(64),
      block1.info.endLt + (1n << 63n),
    );
    assert.throws(
      () => checkBlockInfoProof(forged, block1.id, 'transactions'),
      (e: unknown) =>
        refused(e) && /proof proves [0-9a-f]{64}, expected/.test((e as Error).message),
    );
  });
});
