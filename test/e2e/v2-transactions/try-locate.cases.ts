import assert from 'node:assert/strict';
import { it } from 'node:test';
import { GENESIS } from '@app/localnet';
import { withoutExtra } from '../support/v2-expectations';
import { friendly, ok, record, type TransactionContext } from './transaction-context';

/** tryLocateResultTx, tryLocateTx and tryLocateSourceTx on both ends of one message. */
export function tryLocateCases({
  harness,
  wallets,
  assertItem,
  thanksMessage,
}: TransactionContext): void {
  it('tryLocateResultTx / tryLocateTx / tryLocateSourceTx find both ends of a message; 404 otherwise', async () => {
    const { v3, v5 } = wallets();
    const { source, result, createdLt } = await thanksMessage();
    const params = {
      source: friendly(v5),
      destination: v3.toRawString(),
      created_lt: createdLt.toString(),
    };
    for (const method of ['tryLocateResultTx', 'tryLocateTx']) {
      const found = record(ok(await harness().get(method, params)));
      assertItem(found, result, v3);
      assert.equal(record(found.in_msg).message, GENESIS.comments.v5r1ThanksV3r2);
    }
    const src = record(ok(await harness().post('tryLocateSourceTx', params)));
    assertItem(src, source, v5);
    const missing = await harness().jsonRpc('tryLocateResultTx', { ...params, created_lt: '1' });
    assert.equal(missing.status, 404);
    assert.deepEqual(withoutExtra(missing.body), {
      ok: false,
      error: 'transaction was not found',
      code: 404,
      jsonrpc: '2.0',
      id: 1,
    });
    const bad = await harness().get('tryLocateSourceTx', {
      destination: friendly(v3),
      created_lt: 1,
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.error, 'failed to validate request: empty source address');
  });
}
