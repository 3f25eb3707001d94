/** parseBlock: the account states read from a block's state update. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cell } from '@ton/core';
import { readAccountStateSides } from './account-state.reader';
import { blocks, replayJson, accountId, byAccount } from './block-fixtures.test-util';

void describe('parseBlock: account states from the state update', () => {
  for (const [name, get] of [
    ['block-1', blocks.block1],
    ['block-2', blocks.block2],
    ['raw-13516764', blocks.raw],
    ['replay block', blocks.replay],
  ] as const) {
    void it(`${name}: the after-state of every touched account is the last transaction's`, () => {
      const { root, sut } = get();
      const txs = byAccount(sut.transactions);
      const sides = readAccountStateSides(
        root.refs[2]!,
        sut.header.workchain,
        new Set([...txs.keys()].map(accountId)),
      );
      let before = 0;
      for (const [account, list] of txs) {
        const first = list[0]!;
        const last = list[list.length - 1]!;
        const after = sides.after.get(accountId(account));
        assert.ok(after, account);
        assert.equal(after.hash, last.accountStateHashAfter);
        assert.equal(after.account, account);
        assert.equal(after.status, last.endStatus);
        // last_trans_lt is the end lt of the last transaction: its lt, one per out message, plus one
        assert.equal(after.lastTransLt, last.lt + BigInt(last.outMsgCount) + 1n);
        const old = sides.before.get(accountId(account));
        if (old) {
          before++;
          assert.equal(old.hash, first.accountStateHashBefore);
          assert.equal(old.status, first.origStatus);
          assert.ok(old.lastTransLt > first.prevTransLt);
        }
      }
      // the collator's old side keeps few accounts (new ones are absent; others are often pruned)
      assert.ok(before > 0);
      const states = sut.accountStates;
      assert.equal(states.length, sides.after.size + before);
      assert.equal(new Set(states.map((s) => s.hash)).size, states.length);
      for (const s of states) {
        for (const [boc, hash] of [
          [s.codeBoc, s.codeHash],
          [s.dataBoc, s.dataHash],
        ] as const) {
          if (boc !== null) {
            assert.equal(
              Cell.fromBoc(Buffer.from(boc, 'base64'))[0]!.hash().toString('base64'),
              hash,
            );
          }
        }
      }
    });
  }

  void it('block-1: code and data hashes are known even where their cells are pruned', () => {
    const { sut } = blocks.block1();
    const active = sut.accountStates.filter((s) => s.status === 'active');
    assert.ok(active.length > 0);
    assert.ok(active.every((s) => s.codeHash !== null && s.dataHash !== null));
    assert.ok(active.some((s) => s.dataBoc === null));
  });

  void it('replay block: the before-states found are the ShardAccounts the replay JSON gives', () => {
    const { sut } = blocks.replay();
    const expected = new Map(
      replayJson().previous_accounts.map((a) => [
        a.account.toUpperCase().replace(/^0X/, ''),
        Buffer.from(a.account_root_hash, 'hex').toString('base64'),
      ]),
    );
    const firstBefore = new Map(
      [...byAccount(sut.transactions)].map(([a, list]) => [a, list[0]!.accountStateHashBefore]),
    );
    let found = 0;
    for (const s of sut.accountStates) {
      if (s.hash === firstBefore.get(s.account)) {
        found++;
        assert.equal(expected.get(s.account.toUpperCase()), s.hash);
      }
    }
    assert.ok(found > 0);
  });
});
