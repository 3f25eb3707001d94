/** ShardAccountBlocks rebuilt from the transactions of mainnet blocks, compared by hash. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, loadTransaction } from '@ton/core';
import { AugTrie } from './aug-trie';
import { accountBlockSpec, type BlockTransaction } from './block';
import { BLOCKS, loadBlock, ref, grams, augLeaves } from './mainnet-block.test-util';

void describe('ShardAccountBlocks builder against mainnet blocks', () => {
  for (const name of BLOCKS) {
    void it(`rebuilds ShardAccountBlocks of ${name} from its transactions`, () => {
      const real = ref(ref(loadBlock(name), 3), 2);
      const s = real.beginParse();
      if (!s.loadBit()) {
        return;
      }
      const leaves = augLeaves(ref(real, 0), 256);
      const blocks = leaves.map(({ key, s: leaf }) => {
        grams(leaf);
        assert.equal(leaf.loadUint(4), 5);
        assert.equal(leaf.loadUintBig(256), key);
        const txRoot = leaf.asCell();
        const txs = augLeaves(txRoot, 64).map(({ s: tl }): BlockTransaction => {
          grams(tl);
          const cell = tl.loadRef();
          const tx = loadTransaction(cell.beginParse());
          return {
            lt: tx.lt,
            cell,
            totalFees: tx.totalFees.coins,
            oldHash: tx.stateUpdate.oldHash,
            newHash: tx.stateUpdate.newHash,
          };
        });
        txs.sort((a, b) => (a.lt < b.lt ? -1 : 1));
        return { accountId: key, transactions: txs };
      });
      let trie = AugTrie.empty(256, accountBlockSpec);
      for (const ab of blocks) {
        trie = trie.set(ab.accountId, ab);
      }
      const b = beginCell();
      trie.storeE(b);
      // The account's HASH_UPDATE spans its first and last transactions, as the real block's does.
      assert.equal(b.endCell().hash().toString('hex'), real.hash().toString('hex'));
    });
  }
});
