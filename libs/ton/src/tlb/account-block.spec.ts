import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell } from '@ton/core';
import {
  type BlockTransaction,
  buildShardAccountBlocks,
  loadShardAccountBlocks,
} from './account-block';
import { augECell } from './block';

function tx(lt: bigint, n: number): BlockTransaction {
  return {
    lt,
    cell: beginCell().storeUint(n, 32).endCell(),
    totalFees: BigInt(n) * 10n,
    oldHash: Buffer.alloc(32, n),
    newHash: Buffer.alloc(32, n + 100),
  };
}

describe('ShardAccountBlocks', () => {
  it('loads what buildShardAccountBlocks stores, by account id then lt', () => {
    const high = { accountId: 0xf0n << 248n, transactions: [tx(7n, 3)] };
    const low = { accountId: 0x0123n, transactions: [tx(5n, 1), tx(6n, 2), tx(9n, 4)] };
    const sut = loadShardAccountBlocks(augECell(buildShardAccountBlocks([high, low])));
    assert.deepEqual(
      sut.map((a) => ({
        accountId: a.accountId,
        transactions: a.transactions.map((c) => c.hash().toString('hex')),
        oldHash: a.oldHash,
        newHash: a.newHash,
      })),
      [low, high].map((a) => ({
        accountId: a.accountId,
        transactions: a.transactions.map((t) => t.cell.hash().toString('hex')),
        // HASH_UPDATE spans the account's first and last transactions.
        oldHash: a.transactions[0]!.oldHash,
        newHash: a.transactions[a.transactions.length - 1]!.newHash,
      })),
    );
  });

  it('loads an empty ShardAccountBlocks as no accounts', () => {
    assert.deepEqual(loadShardAccountBlocks(augECell(buildShardAccountBlocks([]))), []);
  });
});
