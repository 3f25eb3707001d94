import assert from 'node:assert/strict';

import { it } from 'node:test';
import { Address, Cell } from '@ton/core';
import { blockIdJson, withoutExtra } from '../support/v2-expectations';
import {
  friendly,
  list,
  MC_SHARD,
  ok,
  record,
  type TransactionContext,
} from './transaction-context';

/** getBlockTransactions and getBlockTransactionsExt against the chain's busiest basechain block. */
export function blockTransactionCases({
  harness,
  busiestBlock,
  shortIds,
}: TransactionContext): void {
  it('getBlockTransactions lists a block exactly and pages with after_lt/after_hash', async () => {
    const block = busiestBlock();
    const params = { workchain: 0, shard: MC_SHARD, seqno: block.id.seqno };
    const expected = shortIds(block);
    const all = ok(await harness().get('getBlockTransactions', params));
    assert.deepEqual(all, {
      '@type': 'blocks.transactions',
      id: blockIdJson(block.id),
      req_count: 40,
      incomplete: false,
      transactions: expected,
    });
    const first = record(ok(await harness().post('getBlockTransactions', { ...params, count: 1 })));
    assert.equal(first.incomplete, true);
    assert.equal(first.req_count, 1);
    assert.deepEqual(first.transactions, expected.slice(0, 1));
    const cursor = expected[0];
    assert.ok(cursor);
    const rest = record(
      ok(
        await harness().jsonRpc('getBlockTransactions', {
          ...params,
          root_hash: block.id.rootHash.toString('base64'),
          file_hash: block.id.fileHash.toString('hex'),
          after_lt: cursor.lt,
          after_hash: String(cursor.account),
          count: 100,
        }),
      ),
    );
    assert.equal(rest.incomplete, false);
    assert.deepEqual(rest.transactions, expected.slice(1));
    // The masterchain block of the head: tick-tock-free localnet blocks still list their transactions.
    const head = harness().localnet.chain.head();
    const mc = record(
      ok(
        await harness().get('getBlockTransactions', {
          workchain: -1,
          shard: MC_SHARD,
          seqno: head.id.seqno,
        }),
      ),
    );
    assert.deepEqual(mc.id, blockIdJson(head.id));
    assert.deepEqual(mc.transactions, shortIds(head));
  });

  it('getBlockTransactions rejects bad input with 422', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ shard: MC_SHARD, seqno: 1 }, 'failed to parse get request: workchain required'],
      [
        { workchain: 0, shard: MC_SHARD, seqno: 1, count: 0 },
        'failed to validate request: count should be positive',
      ],
      [
        { workchain: 0, shard: MC_SHARD, seqno: 1, count: 10001 },
        'failed to validate request: count should be less or equal 10000',
      ],
      [
        { workchain: 0, shard: MC_SHARD, seqno: 1, after_lt: 5 },
        'failed to validate request: after_lt and after_hash should be used together',
      ],
      [
        { workchain: 0, shard: 'x', seqno: 1 },
        'failed to parse get request: failed to parse shard',
      ],
    ];
    for (const [params, error] of cases) {
      const reply = await harness().get('getBlockTransactions', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
    }
  });

  it('getBlockTransactionsExt answers full raw.transaction objects with the uppercase account', async () => {
    const block = busiestBlock();
    const result = record(
      ok(
        await harness().get('getBlockTransactionsExt', {
          workchain: 0,
          shard: MC_SHARD,
          seqno: block.id.seqno,
        }),
      ),
    );
    assert.equal(result['@type'], 'blocks.transactionsExt');
    assert.deepEqual(result.id, blockIdJson(block.id));
    assert.equal(result.incomplete, false);
    const expected = shortIds(block);
    const txs = list(result.transactions);
    assert.equal(txs.length, expected.length);
    txs.forEach((tx, i) => {
      const id = expected[i];
      assert.ok(id);
      const address = Address.parseRaw(String(id.account));
      assert.equal(tx['@type'], 'raw.transaction');
      assert.equal(tx.account, `0:${address.hash.toString('hex').toUpperCase()}`);
      assert.deepEqual(tx.address, {
        '@type': 'accountAddress',
        account_address: friendly(address),
      });
      assert.deepEqual(tx.transaction_id, {
        '@type': 'internal.transactionId',
        lt: id.lt,
        hash: id.hash,
      });
      assert.equal(Cell.fromBase64(String(tx.data)).hash().toString('base64'), id.hash);
      if ('in_msg' in tx) {
        const inMsg = record(tx.in_msg);
        assert.equal(inMsg['@type'], 'raw.message');
        assert.deepEqual(record(inMsg.destination), {
          '@type': 'accountAddress',
          account_address: friendly(address),
        });
        assert.equal('message' in inMsg, false);
      }
    });
  });
}
