import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3TransactionsRes } from '@app/contracts';
import { type IndexedWallet, ok, record } from './indexed-wallet';

/** The 422 for bad input: the parameter named, an {"error": …} body only. */
export function badInputCases(fixture: () => IndexedWallet): void {
  void it('bad input: 422 naming the parameter, {"error": …} only', async () => {
    const { h, wallet, walletTxs } = fixture();
    const cases: [string, Record<string, string | number>, string][] = [
      ['v3/transactions', { account: 'not-an-address' }, '"account"'],
      ['v3/transactions', { hash: 'abc' }, '"hash"'],
      ['v3/transactions', { limit: 1001 }, 'limit'],
      ['v3/transactions', { limit: 'ten' }, '"limit"'],
      ['v3/transactions', { acount: wallet, strict: 'true' }, '"acount"'],
      ['v3/transactions', { sort: 'up' }, 'sort'],
      ['v3/transactions', { start_lt: '-1' }, '"start_lt"'],
      ['v3/blocks', { shard: 'xyz' }, '"shard"'],
      ['v3/messages', { direction: 'sideways' }, 'direction'],
      ['v3/messages', { opcode: '0x123456789' }, '"opcode"'],
      ['v3/traces', { account: wallet, tx_hash: walletTxs[0]?.hash ?? '' }, 'only one of'],
      ['v3/traces', { include_actions: 'maybe' }, '"include_actions"'],
      ['v3/actions', { action_type: 'ton transfer' }, 'action_type'],
      ['v3/transactionsByMessage', {}, 'msg_hash'],
      ['v3/masterchainInfo', { foo: 1, strict: 'true' }, '"foo"'],
    ];
    for (const [path, params, needle] of cases) {
      const reply = await h.get(path, params);
      assert.equal(
        reply.status,
        422,
        `${path} ${JSON.stringify(params)}: ${JSON.stringify(reply.body)}`,
      );
      const body = record(reply.body);
      assert.deepEqual(Object.keys(body), ['error']);
      assert.ok(String(body.error).includes(needle), `${String(body.error)} names ${needle}`);
    }
    assert.deepEqual(await h.get('v3/noSuchEndpoint'), {
      status: 404,
      body: { error: 'Not Found' },
    });
    // An unknown address or hash is an empty list, not an error.
    const empty = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: `0:${'AB'.repeat(32)}` })),
    );
    assert.deepEqual(empty, { transactions: [], address_book: {} });
  });
}
