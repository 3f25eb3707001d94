import assert from 'node:assert/strict';
import { it } from 'node:test';
import { HASH_HEX, type ParityFixture, refused } from './parity-requests';

/** balanceChanges of a wallet transfer, by trace and by action, against the stored rows. */
export function balanceChangeCases(fixture: () => ParityFixture): void {
  void it("balanceChanges: a wallet transfer's TON and fees, for its trace and for its action", async () => {
    const { h, wallet } = fixture();
    const [trace] = await h.ds.query<{ trace_id: string }[]>(
      `SELECT T.trace_id FROM transactions T JOIN messages M ON M.tx_hash = T.hash
       WHERE T.account = $1 AND M.direction = 'in' AND M.source IS NULL AND T.trace_id IS NOT NULL
       ORDER BY T.lt DESC LIMIT 1`,
      [wallet],
    );
    assert.ok(trace);
    // Expected from the rows: each account pays the total fees of its transactions and the
    // forwarding fee of the internal messages it sent; values move from sender to receiver.
    const txs = await h.ds.query<{ account: string; total_fees: string; hash: string }[]>(
      'SELECT account, total_fees::text AS total_fees, hash FROM transactions WHERE trace_id = $1',
      [trace.trace_id],
    );
    const internal = await h.ds.query<
      { source: string; destination: string; value: string; fwd_fee: string }[]
    >(
      `SELECT source, destination, value::text AS value, fwd_fee::text AS fwd_fee FROM messages
       WHERE trace_id = $1 AND direction = 'in' AND source IS NOT NULL`,
      [trace.trace_id],
    );
    const fees: Record<string, number> = {};
    const changes: Record<string, number> = {};
    const add = (m: Record<string, number>, a: string, v: number): void => {
      m[a] = (m[a] ?? 0) + v;
    };
    for (const t of txs) {
      add(fees, t.account, Number(t.total_fees));
    }
    for (const m of internal) {
      add(fees, m.source, Number(m.fwd_fee));
      add(changes, m.source, -Number(m.value));
      add(changes, m.destination, Number(m.value));
    }
    for (const [a, fee] of Object.entries(fees)) {
      add(changes, a, -fee);
    }
    const expected = { changes, fees, jettons: {} };
    assert.ok(Object.keys(changes).length >= 2, 'a transfer between two accounts');
    const byTrace = await h.get('v3/balanceChanges', { trace_id: trace.trace_id });
    assert.deepEqual(byTrace, { status: 200, body: expected });
    const [action] = await h.ds.query<{ action_id: string }[]>(
      `SELECT action_id FROM actions WHERE trace_id = $1 AND type = 'ton_transfer' LIMIT 1`,
      [trace.trace_id],
    );
    assert.ok(action);
    assert.deepEqual(await h.get('v3/balanceChanges', { action_id: action.action_id }), {
      status: 200,
      body: expected,
    });
    assert.deepEqual(await h.get('v3/balanceChanges', { action_id: HASH_HEX }), {
      status: 404,
      body: { error: 'action_id not found' },
    });
    assert.deepEqual(await h.get('v3/balanceChanges', { trace_id: HASH_HEX }), {
      status: 404,
      body: { error: 'trace not found' },
    });
    refused(await h.get('v3/balanceChanges', {}), 'trace_id or action_id is required');
  });
}
