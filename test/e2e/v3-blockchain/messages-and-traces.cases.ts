import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3MessagesRes, V3TracesRes, V3TransactionsRes } from '@app/contracts';
import { type IndexedWallet, ok } from './indexed-wallet';

/** messages, transactionsByMessage, adjacentTransactions and traces along one transfer. */
export function messageAndTraceCases(fixture: () => IndexedWallet): void {
  void it('messages, transactionsByMessage and adjacentTransactions follow one transfer', async () => {
    const { h, wallet, sendTx } = fixture();
    const tx = V3TransactionsRes.parse(ok(await h.get('v3/transactions', { hash: sendTx.hash })))
      .transactions[0];
    const out = tx?.out_msgs[0];
    assert.ok(tx && out);
    const messages = V3MessagesRes.parse(ok(await h.get('v3/messages', { msg_hash: out.hash })));
    assert.equal(messages.messages.length, 1);
    const merged = messages.messages[0];
    assert.equal(merged?.out_msg_tx_hash, tx.hash);
    assert.ok(merged.in_msg_tx_hash !== undefined);
    const receivers = V3TransactionsRes.parse(
      ok(await h.get('v3/transactionsByMessage', { msg_hash: out.hash, direction: 'in' })),
    );
    assert.deepEqual(
      receivers.transactions.map((t) => t.hash),
      [merged.in_msg_tx_hash],
    );
    const children = V3TransactionsRes.parse(
      ok(await h.get('v3/adjacentTransactions', { hash: tx.hash, direction: 'out' })),
    );
    assert.deepEqual(
      children.transactions.map((t) => t.hash),
      [merged.in_msg_tx_hash],
    );
    const parent = V3TransactionsRes.parse(
      ok(
        await h.get('v3/adjacentTransactions', {
          hash: merged.in_msg_tx_hash ?? '',
          direction: 'in',
        }),
      ),
    );
    assert.deepEqual(
      parent.transactions.map((t) => t.hash),
      [tx.hash],
    );
    const externals = V3MessagesRes.parse(
      ok(await h.get('v3/messages', { source: 'null', destination: wallet, limit: 100 })),
    );
    assert.ok(externals.messages.length >= 2);
    assert.ok(externals.messages.every((m) => m.source === null && m.created_lt === null));
  });

  void it('traces with include_actions: the tree, the transactions map and the ton_transfer', async () => {
    const { h, wallet, sendTx } = fixture();
    const tx = sendTx;
    const body = V3TracesRes.parse(
      ok(await h.get('v3/traces', { tx_hash: tx.hash, include_actions: true })),
    );
    assert.equal(body.traces.length, 1);
    const trace = body.traces[0];
    assert.ok(trace);
    assert.equal(trace.trace_id, tx.trace_id);
    assert.equal(trace.trace_info.trace_state, 'complete');
    assert.equal(trace.trace_info.transactions, 2);
    assert.equal(trace.transactions_order?.[0], tx.trace_id);
    const receiver = trace.transactions_order[1] ?? '';
    assert.deepEqual(Object.keys(trace.transactions ?? {}).sort(), [tx.trace_id, receiver].sort());
    const sent = trace.transactions?.[tx.trace_id]?.out_msgs[0];
    assert.deepEqual(trace.trace, {
      tx_hash: tx.trace_id,
      in_msg_hash: trace.external_hash,
      children: [{ tx_hash: receiver, in_msg_hash: sent?.hash, children: [] }],
    });
    const transfer = trace.actions?.find((a) => a.type === 'ton_transfer');
    assert.ok(transfer, JSON.stringify(trace.actions));
    assert.deepEqual(transfer.details, {
      source: wallet,
      destination: sent?.destination,
      value: sent?.value,
      value_extra_currencies: {},
      comment: null,
      encrypted: false,
    });
    assert.deepEqual(transfer.transactions.sort(), [tx.trace_id, receiver].sort());
    assert.ok(body.address_book[wallet]);
    // Without include_actions there is no actions key.
    const bare = V3TracesRes.parse(ok(await h.get('v3/traces', { trace_id: tx.trace_id })));
    assert.equal(bare.traces[0]?.actions, undefined);
  });
}
