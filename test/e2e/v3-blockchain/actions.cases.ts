import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3ActionsRes } from '@app/contracts';
import { type IndexedWallet, ok } from './indexed-wallet';

/** actions by account and by trace. */
export function actionCases(fixture: () => IndexedWallet): void {
  void it('actions by account and by trace', async () => {
    const { h, wallet, sendTx } = fixture();
    const body = V3ActionsRes.parse(
      ok(await h.get('v3/actions', { account: wallet, include_accounts: true, limit: 100 })),
    );
    const transfers = body.actions.filter((a) => a.type === 'ton_transfer');
    assert.ok(transfers.length >= 2, JSON.stringify(body.actions.map((a) => a.type)));
    assert.ok(transfers.every((a) => a.accounts?.includes(wallet)));
    const lts = body.actions.map((a) => BigInt(a.trace_end_lt));
    assert.ok(
      lts.every((lt, i) => i === 0 || lt <= (lts[i - 1] ?? 0n)),
      'trace_end_lt desc',
    );
    const byTrace = V3ActionsRes.parse(
      ok(
        await h.get('v3/actions', {
          trace_id: sendTx.hash,
          include_transactions: true,
        }),
      ),
    );
    assert.ok(byTrace.actions.length >= 1);
    assert.ok(byTrace.actions.every((a) => a.trace_id === sendTx.hash));
    assert.ok(
      byTrace.actions.every((a) => (a.transactions_full?.length ?? 0) === a.transactions.length),
    );
    const onlyDeploys = V3ActionsRes.parse(
      ok(await h.get('v3/actions', { account: wallet, action_type: 'contract_deploy' })),
    );
    assert.deepEqual(
      onlyDeploys.actions.map((a) => a.type),
      ['contract_deploy'],
    );
  });
}
