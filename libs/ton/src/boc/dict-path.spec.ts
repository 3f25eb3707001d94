import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cell, Dictionary, loadShardAccount } from '@ton/core';
import { readFixture } from '@app/testing';
import { countHashmapLeaves } from './dict-count';
import { hashmapPath, int32Key } from './dict-path';
import { findShardAccount } from './shard-account';

void describe('hashmapPath', () => {
  const [config] = Cell.fromBoc(readFixture('mainnet', 'config', 'blockchain_config_mainnet.boc'));
  assert.ok(config);
  const dict = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), config);

  void it('finds every config param (including negative keys) with the value @ton/core reads', () => {
    assert.equal(dict.size, 40);
    for (const key of dict.keys()) {
      const sut = hashmapPath(config, int32Key(key), 32);
      assert.ok(sut.value, `param ${key}`);
      assert.deepEqual(sut.value.loadRef().hash(), dict.get(key)?.hash());
      assert.equal(sut.cells[0], config);
      assert.equal(sut.cells[sut.cells.length - 1], sut.leaf);
    }
  });

  void it('counts the leaves of the config dictionary', () => {
    assert.equal(countHashmapLeaves(config, 32), 40);
  });

  void it('reports absent keys with the path to the divergence', () => {
    for (const key of [3, 6, 26, 27, 33, 35, 1000, -1]) {
      const sut = hashmapPath(config, int32Key(key), 32);
      assert.equal(sut.leaf, null, `param ${key}`);
      assert.ok(sut.cells.length >= 1);
    }
  });
});

void describe('findShardAccount', () => {
  const json = JSON.parse(
    readFixture('mainnet', 'replay', 'tvm_replay_fat_block_66519406.json').toString('utf8'),
  ) as {
    previous_state_proofs: { proof_boc_base64: string }[];
    previous_accounts: { account: string; shard_account_boc_base64: string }[];
  };
  const [proof] = Cell.fromBoc(
    Buffer.from(json.previous_state_proofs[0]!.proof_boc_base64, 'base64'),
  );
  const state = proof!.refs[0]!;

  void it('finds all 234 accounts of the replay state proof with their ShardAccount fields', () => {
    assert.equal(json.previous_accounts.length, 234);
    let none = 0;
    for (const acc of json.previous_accounts) {
      const id = Buffer.from(acc.account.split(':')[1]!, 'hex');
      const [saCell] = Cell.fromBoc(Buffer.from(acc.shard_account_boc_base64, 'base64'));
      const expected = loadShardAccount(saCell!.beginParse());
      const sut = findShardAccount(state, id);
      if (!expected.account) {
        // account_none is not stored in ShardAccounts: the path proves its absence
        none++;
        assert.equal(sut.account, null);
        continue;
      }
      assert.ok(sut.account, acc.account);
      // the proof may prune the Account itself: compare the level-0 (original) hash
      assert.deepEqual(sut.account.cell.hash(0), saCell!.refs[0]!.hash());
      assert.equal(sut.account.lastTransLt, expected.lastTransactionLt);
      assert.equal(
        sut.account.lastTransHash.toString('hex'),
        expected.lastTransactionHash.toString(16).padStart(64, '0'),
      );
      assert.equal(sut.path[0], state);
    }
    assert.equal(none, 1);
  });
});
