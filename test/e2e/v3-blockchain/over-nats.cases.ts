import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3TransactionsRes } from '@app/contracts';
import { type IndexedWallet, ok } from './indexed-wallet';

/** The same answers when the gateway reaches the query module over NATS. */
export function overNatsCases(fixture: () => IndexedWallet): void {
  void it('answers the same JSON when the query module is reached over NATS (forwarded replies)', async () => {
    const { h, wallet, walletTxs } = fixture();
    const mesh = await h.overNats();
    try {
      const calls: [string, Record<string, string | number | boolean>][] = [
        ['v3/transactions', { account: wallet, limit: 100 }],
        ['v3/traces', { account: wallet, include_actions: true, limit: 100 }],
        ['v3/actions', { account: wallet }],
        ['v3/messages', { destination: wallet, limit: 5 }],
        ['v3/masterchainInfo', {}],
        // An error reply is not forwarded: the same 422 body either way.
        ['v3/transactions', { account: 'nope' }],
      ];
      const statuses: number[] = [];
      for (const [path, params] of calls) {
        const [single, overNats] = await Promise.all([h.get(path, params), mesh.get(path, params)]);
        assert.deepEqual(overNats, single, `${path} ${JSON.stringify(params)}`);
        statuses.push(overNats.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 422]);
      // Not vacuous: the wallet's whole history crossed NATS.
      const txs = V3TransactionsRes.parse(
        ok(await mesh.get('v3/transactions', { account: wallet, limit: 100 })),
      );
      assert.equal(txs.transactions.length, walletTxs.length);
    } finally {
      await mesh.close();
    }
  });
}
