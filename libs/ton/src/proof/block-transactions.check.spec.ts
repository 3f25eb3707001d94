import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { readFixtureJson } from '@app/testing';

import { flipBit, replaceCell, rewrapProof } from '../boc/cell-rewrite';
import { proofRoot } from './proof-boc';
import {
  checkBlockTransactionsProof,
  checkOneTransaction,
  transactionRef,
} from './block-transactions.check';
import { mainnetBlock, transactionPath, transactionsProof } from './block-proofs.test-util';
import { flipByte } from './mainnet-answers.test-util';
import { ProofError } from './proof-error';

interface Expected {
  Accounts: Record<string, { Transactions: Record<string, { Lt: number }> }>;
  TxHashes: string[];
}

const refused = (e: unknown) => e instanceof ProofError && e.reason === 'block_transactions';

void describe('transaction proofs of mainnet masterchain block 17734191 (block-5)', () => {
  const { root, id } = mainnetBlock('block-5.bin', -1, 0x8000000000000000n, 17734191);
  const expected = readFixtureJson('mainnet', 'blocks', 'block-5.expected.json') as Expected;
  const listed = Object.entries(expected.Accounts).flatMap(([account, a]) =>
    Object.values(a.Transactions).map((t) => ({
      account: Buffer.from(account, 'hex'),
      lt: BigInt(t.Lt),
    })),
  );
  const proof = transactionsProof(root, listed);
  const cells = listed.map((t) => transactionPath(root, t.account, t.lt).tx!);

  void it('lists the 6 transactions tongo decodes, with the hashes it gives', () => {
    assert.equal(id.rootHash.toString('hex').slice(0, 8), '04c2c26f');
    assert.equal(listed.length, 6);
    assert.deepEqual(
      cells.map((c) => transactionRef(c).hash!.toString('hex')).sort(),
      expected.TxHashes,
    );
  });

  void it('proves every listed (account, lt, hash) in the block', () => {
    checkBlockTransactionsProof(proof, id, cells.map(transactionRef));
    checkBlockTransactionsProof(
      proof,
      id,
      listed.map((t) => ({ ...t, hash: null })),
    );
  });

  void it('refuses a listed hash the block does not file there', () => {
    const refs = cells.map(transactionRef);
    refs[2] = { ...refs[2]!, hash: flipByte(refs[2]!.hash!, 5) };
    assert.throws(() => {
      checkBlockTransactionsProof(proof, id, refs);
    }, /another hash/);
  });

  void it('refuses a transaction the block does not hold, and a proof of another block', () => {
    const first = listed[0]!;
    assert.throws(() => {
      checkBlockTransactionsProof(proof, id, [{ ...first, lt: first.lt + 100n, hash: null }]);
    }, refused);
    const other = { ...id, rootHash: flipByte(id.rootHash, 0) };
    assert.throws(() => {
      checkBlockTransactionsProof(proof, other, cells.map(transactionRef));
    }, refused);
  });

  void it('refuses a proof whose tree was changed and re-wrapped', () => {
    const virtualRoot = proofRoot(proof, 'block_transactions', 'proof').refs[0]!;
    const extra = virtualRoot.refs[3]!;
    const forged = rewrapProof(replaceCell(virtualRoot, extra.hash(0), flipBit(extra, 40)));
    assert.throws(() => {
      checkBlockTransactionsProof(
        forged.toBoc({ idx: false, crc32: false }),
        id,
        cells.map(transactionRef),
      );
    }, /proves .*, expected/);
  });

  void it('getOneTransaction: the transaction filed there, or its proven absence', () => {
    const t = listed[1]!;
    const one = transactionsProof(root, [t]);
    const tx = cells[1]!.toBoc({ idx: false, crc32: false });
    const got = checkOneTransaction({ proof: one, transaction: tx }, id, t.account, t.lt);
    assert.deepEqual(got?.hash(0), cells[1]!.hash(0));
    const absentLt = t.lt + 1000n;
    const absent = transactionsProof(root, [{ account: t.account, lt: absentLt }]);
    assert.equal(
      checkOneTransaction({ proof: absent, transaction: Buffer.alloc(0) }, id, t.account, absentLt),
      null,
    );
  });

  void it('getOneTransaction: refuses a withheld transaction and one of another lt', () => {
    const t = listed[1]!;
    const one = transactionsProof(root, [t]);
    assert.throws(
      () => checkOneTransaction({ proof: one, transaction: Buffer.alloc(0) }, id, t.account, t.lt),
      /withheld/,
    );
    const wrong = cells[0]!.toBoc({ idx: false, crc32: false });
    assert.throws(
      () => checkOneTransaction({ proof: one, transaction: wrong }, id, t.account, t.lt),
      refused,
    );
  });
});
