import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cell } from '@ton/core';

import { readFixture } from '@app/testing';
import { flipBit, replaceCell, rewrapProof } from '../boc/cell-rewrite';

import { hashmapPath } from '../boc/dict-path';
import { checkStateProof, type ProofBlockId } from './block-header.check';
import { readProvenShardAccount } from './account-state.check';
import { ProofError } from './proof-error';

/**
 * mainnet/accounts/accountProof.txt: {block proof, state proof} of shard block (0,8000000000000000,
 * 31618192) keeping the path to one account, 0:83dfd552…31a8 (read from the proof's kept path).
 */
const ACCOUNT = Buffer.from(
  '83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
  'hex',
);

function accountProof(): { block: Cell; state: Cell; id: ProofBlockId } {
  const text = readFixture('mainnet', 'accounts', 'accountProof.txt').toString('utf8').trim();
  const [block, state] = Cell.fromBoc(Buffer.from(text, 'base64')) as [Cell, Cell];
  return {
    block,
    state,
    id: {
      workchain: 0,
      shard: 0x8000000000000000n,
      seqno: 31618192,
      rootHash: Buffer.from(
        'ad1fac010600066adee2f20868a8c14accca61c429dced7e2e2ae0e6c2b7d118',
        'hex',
      ),
      fileHash: Buffer.alloc(32), // not part of a block proof
    },
  };
}

void describe('the account proof of mainnet shard block 31618192', () => {
  void it('proves the account leaf: balance, last transaction, the Account cell hash', () => {
    const p = accountProof();
    const { header, state } = checkStateProof(p.block, p.state, p.id);
    assert.equal(header.info.startLt, 33950051000000n);
    const leaf = readProvenShardAccount(state, ACCOUNT);
    assert.ok(leaf);
    assert.ok(leaf.balance > 0n);
    assert.ok(leaf.lastTransLt <= header.info.endLt);
    assert.equal(leaf.accountHash.length, 32);
  });

  void it('refuses an account whose path the proof prunes (neither present nor absent is proven)', () => {
    const p = accountProof();
    const { state } = checkStateProof(p.block, p.state, p.id);
    const other = Buffer.from(ACCOUNT);
    other[0] = (other[0] ?? 0) ^ 0x80;
    assert.throws(
      () => readProvenShardAccount(state, other),
      (e: unknown) => e instanceof ProofError && e.reason === 'account_state',
    );
  });

  void it('refuses a changed balance once the state proof no longer hashes to the block state', () => {
    const p = accountProof();
    const { state } = checkStateProof(p.block, p.state, p.id);
    const accounts = state.refs[1]!.refs[0]!;
    const path = hashmapPath(accounts, BigInt('0x' + ACCOUNT.toString('hex')), 256);
    const leafCell = path.cells[path.cells.length - 1]!;
    // the balance's low bit: the last bit before the account ref's hash/lt (32 + 256 + 64 from the end)
    const forgedLeaf = flipBit(leafCell, leafCell.bits.length - 256 - 64 - 1 - 1);
    const forged = rewrapProof(replaceCell(state, leafCell.hash(0), forgedLeaf));
    assert.throws(
      () => checkStateProof(p.block, forged, p.id),
      (e: unknown) => e instanceof ProofError && e.reason === 'merkle_proof',
    );
    // the forged leaf does read as another balance: the hash check above is what stops it
    const real = readProvenShardAccount(state, ACCOUNT)?.balance;
    const lie = readProvenShardAccount(forged.refs[0]!, ACCOUNT)?.balance;
    assert.equal(lie, (real ?? 0n) ^ 1n);
  });

  void it('refuses the proof for another shard block', () => {
    const p = accountProof();
    assert.throws(
      () => checkStateProof(p.block, p.state, { ...p.id, seqno: p.id.seqno - 1 }),
      (e: unknown) => e instanceof ProofError && e.reason === 'block_header',
    );
  });
});
