import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Address,
  beginCell,
  Cell,
  loadShardAccount,
  type ShardAccount,
  storeShardAccount,
} from '@ton/core';
import { createShardAccount } from '@ton/sandbox';
import { CellInterner, shardAccountEntry } from './shard-accounts';

const ADDRESS = Address.parse('0:' + '11'.repeat(32));
const CODE = beginCell().storeUint(0xc0de, 16).storeRef(beginCell().storeUint(7, 8)).endCell();
const DATA = beginCell().storeUint(42, 64).endCell();

/** The account parsed afresh from its BoC, as the emulator hands it back after each transaction. */
function freshlyParsed(): ShardAccount {
  const sa = createShardAccount({ address: ADDRESS, code: CODE, data: DATA, balance: 5n });
  const boc = beginCell().store(storeShardAccount(sa)).endCell().toBoc();
  return loadShardAccount(Cell.fromBoc(boc)[0]!.beginParse());
}

function codeOf(sa: ShardAccount): Cell | null | undefined {
  const state = sa.account?.storage.state;
  return state?.type === 'active' ? state.state.code : undefined;
}

void describe(CellInterner.name, () => {
  void it('makes account versions share one code and one data cell, the entries unchanged', () => {
    const interner = new CellInterner();
    const first = freshlyParsed();
    const second = freshlyParsed();
    assert.notEqual(codeOf(first), codeOf(second), 'two parses: two copies');
    const plain = shardAccountEntry(freshlyParsed());
    const a = shardAccountEntry(first, interner);
    const b = shardAccountEntry(second, interner);
    assert.equal(codeOf(first), codeOf(second));
    assert.ok(a !== undefined && b !== undefined && plain !== undefined);
    // account_active's StateInit is inline in the Account cell: code is its first ref, data its second.
    assert.equal(a.account.refs[0], b.account.refs[0]);
    assert.equal(a.account.refs[1], b.account.refs[1]);
    assert.deepEqual(a.account.hash(), plain.account.hash());
    assert.deepEqual(b.account.hash(), plain.account.hash());
  });
});
