import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cell } from '@ton/core';

import { readFixture } from '@app/testing';
import { flipBit } from '../boc/cell-rewrite';

import { checkLibraries } from './library.check';
import { ProofError } from './proof-error';

/** The code cell of a real mainnet wallet (mainnet/accounts/accountStateTest.txt) as a library. */
function realCode(): Cell {
  const text = readFixture('mainnet', 'accounts', 'accountStateTest.txt').toString('utf8').trim();
  const [account] = Cell.fromBoc(Buffer.from(text, 'base64')) as [Cell];
  // the largest cell tree under the Account is its code or data; either is a real cell to file
  const refs = [...account.refs].sort((a, b) => b.depth() - a.depth());
  return refs[0]!;
}

void describe('checkLibraries', () => {
  const code = realCode();
  const entry = { hash: code.hash(), data: code.toBoc() };

  void it('accepts a cell filed under its own hash', () => {
    const out = checkLibraries([entry], [code.hash()]);
    assert.ok(out.get(code.hash().toString('hex'))?.equals(code));
  });

  void it('refuses a cell filed under another hash', () => {
    const other = flipBit(code, 0);
    assert.throws(
      () => checkLibraries([{ hash: code.hash(), data: other.toBoc() }], [code.hash()]),
      (e: unknown) => e instanceof ProofError && e.reason === 'library',
    );
  });

  void it('refuses a library that was not asked for, and one sent twice', () => {
    assert.throws(() => checkLibraries([entry], [Buffer.alloc(32)]), /not asked for/);
    assert.throws(() => checkLibraries([entry, entry], [code.hash()]), /sent twice/);
  });
});
