import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, toNano } from '@ton/core';
import { ErrorCode, TonApiError } from '@app/contracts';
import { type LiteserverPoolService, LiteserverUnverifiedError } from '@app/liteclient';
import { findShardAccount, LiteApiSchema, type ProofBlockId } from '@app/ton';
import { type LiteClient } from 'ton-lite-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import { fromTreasury } from '../../../test/integration/support/treasury-message';
import {
  closePoolsAndLocalnet,
  startVerifyingPool,
  unverifiedByReason,
  zeroStateAnchor,
} from './lying-pool.support';

/** Transfers to the account, each sealed in a block of its own: one transaction per block. */
const TRANSFERS = 4;

/**
 * A transactionList names, for each transaction, the block holding it; a verifying pool checks each
 * transaction against the proven header of the block named (lt range, gen_utime). The liars here
 * (`forge-tx-blocks`) send the honest transactions with each attributed to the block before the
 * one holding it: real, provable blocks of the right shard, in order, so only that check sees it.
 */
void describe(
  'the pool proves the block of each listed transaction: 3 local liteservers',
  { concurrency: 1 },
  () => {
    let localnet: Localnet;
    let anchor: ProofBlockId;
    let account: Address;
    /** The account's transactions as the chain holds them, newest first: lt, hash and block seqno. */
    let honest: { lt: bigint; hash: Buffer; blockSeqno: number }[];
    const pools: LiteserverPoolService[] = [];

    function forge(servers: readonly number[]): void {
      localnet.liteservers.forEach((ls, i) => {
        ls.setFault({ mode: servers.includes(i) ? 'forge-tx-blocks' : 'none' });
      });
    }

    /** getTransactions from the account's last transaction: each transaction's lt and block seqno. */
    const list = async (client: LiteClient): Promise<string> => {
      const newest = honest[0]!;
      const answer = await client.engine.query(LiteApiSchema.Functions.liteServer_getTransactions, {
        kind: 'liteServer.getTransactions',
        count: 16,
        account: { kind: 'liteServer.accountId', workchain: 0, id: account.hash },
        lt: newest.lt.toString(),
        hash: newest.hash,
      });
      return answer.ids.map((id) => String(id.seqno)).join(',');
    };

    before(async () => {
      localnet = await startLocalnet({ seed: 'none', mode: 'manual', liteservers: 3 });
      const treasury = await localnet.chain.blockchain.treasury('trustless-tx-blocks');
      account = (await localnet.chain.blockchain.treasury('trustless-tx-blocks-to')).address;
      for (let i = 0; i < TRANSFERS; i++) {
        localnet.chain.submit(fromTreasury(treasury.address, account, toNano('1')));
        await localnet.producer.sealNow();
      }
      await localnet.producer.sealNow();
      anchor = zeroStateAnchor(localnet);
      const state = findShardAccount(
        localnet.chain.accountBlockAt(localnet.chain.head().id.seqno, account).state,
        account.hash,
      ).account;
      assert.ok(state);
      honest = [];
      // Back to the first transaction a block holds (the account was made before the first block).
      let lt = state.lastTransLt;
      for (let found = localnet.chain.transaction(account, lt); found;) {
        honest.push({ lt, hash: found.tx.hash, blockSeqno: found.block.id.seqno });
        lt = found.tx.prevTransLt;
        found = localnet.chain.transaction(account, lt);
      }
      // Each transfer a transaction in a basechain block of its own.
      assert.equal(honest.length, TRANSFERS);
      assert.equal(new Set(honest.map((t) => t.blockSeqno)).size, honest.length);
    });

    after(() => closePoolsAndLocalnet(pools, localnet));

    void it('with 2 of 3 forging block ids: each liar is refused, the honest list served', async () => {
      forge([]);
      const { pool, registry } = await startVerifyingPool(localnet, anchor, pools);
      forge([1, 2]);
      const expected = honest.map((t) => String(t.blockSeqno)).join(',');
      for (const target of pool.targets(3)) {
        if (target.server === 0) {
          continue;
        }
        await assert.rejects(target.call('getTransactions', list), (e: unknown) => {
          assert.ok(e instanceof LiteserverUnverifiedError, String(e));
          assert.equal(e.reason, 'transactions');
          assert.match(
            e.message,
            new RegExp(
              `transaction 0 \\(lt ${String(honest[0]!.lt)}\\) is not in block \\(0,8000000000000000,${String(honest[0]!.blockSeqno - 1)}\\), whose lts are \\[\\d+, \\d+\\)`,
            ),
          );
          return true;
        });
      }
      assert.equal((await unverifiedByReason(registry)).get('transactions'), 2);
      const served = await pool.execute('getTransactions', list);
      assert.equal(served.server, 0);
      assert.equal(served.value, expected);
    });

    void it('with all 3 forging: the list is an error naming the check, never a forged one', async () => {
      forge([]);
      const { pool } = await startVerifyingPool(localnet, anchor, pools);
      forge([0, 1, 2]);
      await assert.rejects(pool.execute('getTransactions', list), (e: unknown) => {
        assert.ok(e instanceof TonApiError, String(e));
        assert.equal(e.code, ErrorCode.LITESERVER_UNAVAILABLE);
        assert.match(e.message, /\(transactions\)/);
        return true;
      });
      forge([]);
    });
  },
);
