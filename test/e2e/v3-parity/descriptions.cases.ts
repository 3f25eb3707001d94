import assert from 'node:assert/strict';

import { it } from 'node:test';
import { V3TransactionsRes } from '@app/contracts';
import { type ParityFixture, record } from './parity-requests';

/** Transaction descriptions' credit_ph and compute_ph.reason, in transactions and in traces. */
export function descriptionCases(fixture: () => ParityFixture): void {
  void it('descriptions carry credit_ph and compute_ph.reason wherever the row has them, in transactions and traces', async () => {
    const { h } = fixture();
    const rows = await h.ds.query<
      {
        hash: string;
        trace_id: string;
        credit: string | null;
        credit_due_fees_collected: string | null;
        credit_extra_currencies: Record<string, string> | null;
        compute_skipped: boolean | null;
        skipped_reason: string | null;
      }[]
    >(
      `SELECT hash, trace_id, credit::text AS credit,
              credit_due_fees_collected::text AS credit_due_fees_collected, credit_extra_currencies,
              compute_skipped,
              skipped_reason::text AS skipped_reason
       FROM transactions WHERE trace_id IS NOT NULL ORDER BY lt DESC LIMIT 200`,
    );
    assert.ok(
      rows.some(
        (r) =>
          r.credit !== null &&
          r.credit_extra_currencies !== null &&
          Object.keys(r.credit_extra_currencies).length === 0,
      ),
      'rows with a credit phase and no extra currencies',
    );
    // A wallet's external-in message: no TrCreditPhase.
    assert.ok(
      rows.some((r) => r.credit === null && r.credit_due_fees_collected === null),
      'rows without a credit phase',
    );
    // The traffic wallets' funding reached them uninitialised: a compute phase skipped (no_state).
    assert.ok(
      rows.some((r) => r.skipped_reason !== null),
      'rows with a skipped compute phase',
    );
    const byHash = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < rows.length; i += 50) {
      const page = V3TransactionsRes.parse(
        (
          await h.get('v3/transactions', {
            hash: rows.slice(i, i + 50).map((r) => r.hash),
            limit: '50',
          })
        ).body,
      );
      for (const t of page.transactions) {
        byHash.set(t.hash, t.description);
      }
    }
    const traceIds = [...new Set(rows.map((r) => r.trace_id))].slice(0, 20);
    const traces = record((await h.get('v3/traces', { trace_id: traceIds, limit: '20' })).body);
    const inTraces = new Map<string, Record<string, unknown>>();
    for (const trace of traces.traces as {
      transactions: Record<string, { description: Record<string, unknown> }>;
    }[]) {
      for (const [hash, tx] of Object.entries(trace.transactions)) {
        inTraces.set(hash, tx.description);
      }
    }
    assert.ok(inTraces.size > 0);
    for (const r of rows) {
      for (const [where, d] of [
        ['transactions', byHash.get(r.hash)],
        ['traces', inTraces.get(r.hash)],
      ] as const) {
        if (d === undefined) {
          assert.equal(where, 'traces', `${r.hash} answered by /transactions`);
          continue;
        }
        // ton-index-go: credit_ph when a credit column is set, leaves omitempty, an empty
        // extra-currency map (the `{}` the column holds) left out.
        const extra = r.credit_extra_currencies ?? {};
        assert.deepEqual(
          d.credit_ph,
          r.credit === null && r.credit_due_fees_collected === null
            ? undefined
            : {
                ...(r.credit_due_fees_collected === null
                  ? {}
                  : { due_fees_collected: r.credit_due_fees_collected }),
                ...(r.credit === null ? {} : { credit: r.credit }),
                ...(Object.keys(extra).length === 0 ? {} : { credit_extra_currencies: extra }),
              },
          `${where} ${r.hash} credit_ph`,
        );
        const compute = d.compute_ph as Record<string, unknown> | undefined;
        if (r.compute_skipped === true) {
          assert.deepEqual(
            compute,
            { skipped: true, reason: r.skipped_reason },
            `${where} ${r.hash} compute_ph`,
          );
        } else {
          assert.deepEqual(
            [compute?.skipped, compute?.reason],
            [r.compute_skipped ?? undefined, undefined],
            `${where} ${r.hash} compute_ph`,
          );
        }
      }
    }
  });
}
