import assert from 'node:assert/strict';
import { it } from 'node:test';
import { TonClient } from '@ton/ton';
import TonWeb from 'tonweb';
import { friendly, list, MC_SHARD, record, type TransactionContext } from './transaction-context';

/** @ton/ton's TonClient and tonweb's HttpProvider, unmodified, over the transactions endpoints. */
export function unmodifiedClientCases({
  harness,
  wallets,
  history,
  busiestBlock,
  shortIds,
  thanksMessage,
}: TransactionContext): void {
  it('@ton/ton TonClient reads histories, shard transactions and located transactions unmodified', async () => {
    const { v3, v4, v5 } = wallets();
    const client = new TonClient({ endpoint: `${harness().baseUrl}/api/v2/jsonRPC` });
    const chain = await history(v4);
    const txs = await client.getTransactions(v4, { limit: 4 });
    assert.deepEqual(
      txs.map((t) => [t.lt, t.hash().toString('base64')]),
      chain.slice(0, 4).map((t) => [t.lt, t.hash.toString('base64')]),
    );
    // Paging: TonClient sends limit+1 from (lt, hex hash) and drops the start.
    const start = chain[1];
    assert.ok(start);
    const page = await client.getTransactions(v4, {
      limit: 2,
      lt: start.lt.toString(),
      hash: start.hash.toString('base64'),
    });
    assert.deepEqual(
      page.map((t) => t.lt),
      chain.slice(2, 4).map((t) => t.lt),
    );
    const one = await client.getTransaction(v4, start.lt.toString(), start.hash.toString('base64'));
    assert.equal(one?.lt, start.lt);
    const block = busiestBlock();
    const shardTxs = await client.getShardTransactions(0, block.id.seqno, MC_SHARD);
    assert.deepEqual(
      shardTxs.map((t) => [t.account.toRawString(), t.lt, t.hash]),
      shortIds(block).map((t) => [t.account, t.lt, t.hash]),
    );
    const { source, result, createdLt } = await thanksMessage();
    const located = await client.tryLocateResultTx(v5, v3, createdLt.toString());
    assert.equal(located.hash().toString('base64'), result.hash.toString('base64'));
    const emitted = await client.tryLocateSourceTx(v5, v3, createdLt.toString());
    assert.equal(emitted.hash().toString('base64'), source.hash.toString('base64'));
  });

  it('tonweb HttpProvider reads transactions and block transactions unmodified', async () => {
    const { v4 } = wallets();
    const provider = new TonWeb.HttpProvider(`${harness().baseUrl}/api/v2/jsonRPC`);
    const chain = await history(v4);
    const txs: unknown = await provider.getTransactions(friendly(v4), 3);
    assert.deepEqual(
      list(txs).map((t) => record(t.transaction_id).hash),
      chain.slice(0, 3).map((t) => t.hash.toString('base64')),
    );
    const block = busiestBlock();
    const listed: unknown = await provider.getBlockTransactions(0, MC_SHARD, block.id.seqno);
    assert.deepEqual(record(listed).transactions, shortIds(block));
  });
}
