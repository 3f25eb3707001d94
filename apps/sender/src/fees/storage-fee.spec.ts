import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFixtureJson } from '@app/testing';
import { Cell, Dictionary, loadShardAccount } from '@ton/core';
import { z } from 'zod';
import { storageFeeDue } from './storage-fee';

const FatBlock = z.object({
  config: z.object({ config_root_boc_base64: z.string() }),
  previous_accounts: z.array(
    z.object({ account: z.string(), shard_account_boc_base64: z.string() }),
  ),
  transaction_configs: z.array(
    z.object({
      account: z.string(),
      // Plain JSON numbers in this fixture (all below 2^53).
      lt: z.number().int(),
      now: z.number().int(),
      storage_fees: z.number().int(),
      due_payment_nano: z.string().regex(/^\d+$/),
    }),
  ),
});

/**
 * storageFeeDue against mainnet: the shard block (0,8000000000000000,71398501) of the replay
 * fixture, whose transaction configs record the storage fee each transaction's storage phase
 * computed, and whose previous accounts are the states those first transactions started from.
 */
describe('storageFeeDue', () => {
  it('equals the storage fee of the first transaction of every account of a mainnet block', () => {
    const fixture = FatBlock.parse(
      readFixtureJson('mainnet', 'replay', 'tvm_replay_fat_block_66519406.json'),
    );
    const config = Dictionary.loadDirect(
      Dictionary.Keys.Int(32),
      Dictionary.Values.Cell(),
      Cell.fromBase64(fixture.config.config_root_boc_base64),
    );
    const before = new Map(
      fixture.previous_accounts.map((a) => [
        a.account,
        Cell.fromBase64(a.shard_account_boc_base64),
      ]),
    );
    // The first transaction of each account starts from the state in previous_accounts.
    const first = new Map<string, (typeof fixture.transaction_configs)[number]>();
    for (const tx of fixture.transaction_configs) {
      const seen = first.get(tx.account);
      if (!seen || tx.lt < seen.lt) {
        first.set(tx.account, tx);
      }
    }
    let checked = 0;
    let nonZero = 0;
    for (const [address, tx] of first) {
      const cell = before.get(address);
      assert.ok(cell, address);
      const storage = loadShardAccount(cell.beginParse()).account?.storageStats;
      if (!storage) {
        continue; // account_none: nothing is stored, nothing is due
      }
      const due = storageFeeDue(config, storage, tx.now, false);
      // The phase collects what the balance covers (storage_fees) and books the rest as due
      // payment: what was owed is their sum, less what was already due before.
      const owed =
        BigInt(tx.storage_fees) + BigInt(tx.due_payment_nano) - (storage.duePayment ?? 0n);
      assert.equal(due, owed, `${address} at lt ${tx.lt}`);
      checked += 1;
      nonZero += due > 0n ? 1 : 0;
    }
    assert.equal(checked, 233);
    assert.ok(nonZero > 100, `${nonZero} accounts owed storage`);
  });
});
