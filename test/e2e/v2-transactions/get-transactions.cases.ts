import assert from 'node:assert/strict';

import { it } from 'node:test';
import { Address } from '@ton/core';
import { GENESIS } from '@app/localnet';
import { withoutExtra } from '../support/v2-expectations';
import {
  friendly,
  list,
  ok,
  record,
  rootDataBase64,
  type TransactionContext,
} from './transaction-context';

/** getTransactions and getTransactionsStd: exact items, rendering, paging and refusals. */
export function getTransactionCases({
  harness,
  wallets,
  history,
  parsed,
  assertItem,
}: TransactionContext): void {
  it('getTransactions answers the last 10 transactions exactly, newest first', async () => {
    const { v4 } = wallets();
    const chain = await history(v4);
    assert.ok(chain.length > 3, 'the genesis traffic gives v4r2 a history');
    const items = list(ok(await harness().get('getTransactions', { address: friendly(v4) })));
    assert.equal(items.length, Math.min(10, chain.length));
    items.forEach((item, i) => {
      const tx = chain[i];
      assert.ok(tx);
      assertItem(item, tx, v4);
    });
  });

  it('renders a text comment: msg.dataText, message, flattened addresses, value', async () => {
    const { v3, v4 } = wallets();
    const items = list(
      ok(await harness().get('getTransactions', { address: v4.toRawString(), limit: 100 })),
    );
    const withComment = items.filter(
      (i) => 'in_msg' in i && record(i.in_msg).message === GENESIS.comments.v3r2ToV4r2,
    );
    assert.equal(withComment.length, 1);
    const tx = withComment[0];
    assert.ok(tx);
    const lt = BigInt(String(record(tx.transaction_id).lt));
    const stored = harness().localnet.chain.transaction(v4, lt);
    assert.ok(stored);
    const inMsg = parsed(stored.tx).inMessage;
    assert.ok(inMsg?.info.type === 'internal');
    assert.ok(inMsg.info.dest.equals(v4));
    const text = Buffer.from(GENESIS.comments.v3r2ToV4r2, 'utf8').toString('base64');
    assert.deepEqual(tx.in_msg, {
      '@type': 'ext.message',
      hash: stored.tx.cell.refs[0]?.refs[0]?.hash().toString('base64'),
      source: friendly(v3),
      destination: friendly(v4),
      value: GENESIS.tonTransfers.v3r2ToV4r2.toString(),
      extra_currencies: [],
      fwd_fee: inMsg.info.forwardFee.toString(),
      ihr_fee: '0',
      created_lt: inMsg.info.createdLt.toString(),
      body_hash: inMsg.body.hash().toString('base64'),
      msg_data: { '@type': 'msg.dataText', text },
      message: GENESIS.comments.v3r2ToV4r2,
    });
  });

  it('renders an external raw body: source "", msg.dataRaw, message = base64 of data bits + "\\n"', async () => {
    const { v4 } = wallets();
    const chain = await history(v4);
    const external = chain.find((t) => parsed(t).inMessage?.info.type === 'external-in');
    assert.ok(external);
    const items = list(
      ok(
        await harness().get('getTransactions', {
          address: friendly(v4),
          lt: external.lt.toString(),
          hash: external.hash.toString('base64'),
          limit: 1,
        }),
      ),
    );
    assert.equal(items.length, 1);
    const item = items[0];
    assert.ok(item);
    assertItem(item, external, v4);
    const inMsg = record(item.in_msg);
    const body = parsed(external).inMessage?.body;
    assert.ok(body);
    assert.equal(inMsg.source, '');
    assert.equal(inMsg.value, '0');
    assert.equal(inMsg.created_lt, '0');
    assert.equal(inMsg.fwd_fee, '0');
    assert.deepEqual(inMsg.msg_data, {
      '@type': 'msg.dataRaw',
      body: body.toBoc({ idx: false, crc32: true }).toString('base64'),
      init_state: '',
    });
    assert.equal(inMsg.message, `${rootDataBase64(body)}\n`);
    // The wallet's outgoing transfers are flattened too.
    for (const out of list(item.out_msgs)) {
      assert.equal(out.source, friendly(v4));
      assert.match(String(out.destination), /^[EU]Q[A-Za-z0-9_-]{46}$/);
    }
  });

  it('pages from lt + hash (hex or base64, start included) down to to_lt, over GET, POST and JSON-RPC', async () => {
    const { v4 } = wallets();
    const chain = await history(v4);
    const start = chain[1];
    const stop = chain[3];
    assert.ok(start && stop);
    const expectedLts = [chain[1], chain[2]].map((t) => t?.lt.toString());
    const lts = (result: unknown) => list(result).map((i) => String(record(i.transaction_id).lt));
    const params = {
      address: friendly(v4),
      lt: start.lt.toString(),
      hash: start.hash.toString('hex'),
      to_lt: stop.lt.toString(),
      limit: 5,
    };
    const get = ok(await harness().get('getTransactions', params));
    assert.deepEqual(lts(get), expectedLts);
    const post = await harness().post('getTransactions', {
      ...params,
      hash: start.hash.toString('base64'),
      limit: 5,
    });
    assert.deepEqual(withoutExtra(post.body), { ok: true, result: get });
    const rpc = await harness().jsonRpc(
      'getTransactions',
      { ...params, lt: Number(start.lt), hash: start.hash.toString('base64url') },
      7,
    );
    assert.equal(rpc.status, 200);
    assert.deepEqual(withoutExtra(rpc.body), { ok: true, result: get, jsonrpc: '2.0', id: 7 });
    // limit cuts the walk; the account's first transaction ends it.
    const one = ok(await harness().get('getTransactions', { ...params, to_lt: 0, limit: 1 }));
    assert.deepEqual(lts(one), [start.lt.toString()]);
    const all = ok(await harness().get('getTransactions', { address: friendly(v4), limit: 1000 }));
    assert.deepEqual(
      lts(all),
      chain.map((t) => t.lt.toString()),
    );
  });

  it('getTransactionsStd answers tonlib raw.transactions with previous_transaction_id', async () => {
    const { v4 } = wallets();
    const chain = await history(v4);
    const result = record(
      ok(await harness().post('getTransactionsStd', { address: v4.toRawString(), limit: 2 })),
    );
    assert.equal(result['@type'], 'raw.transactions');
    const txs = list(result.transactions);
    assert.deepEqual(
      txs.map((t) => record(t.transaction_id).hash),
      chain.slice(0, 2).map((t) => t.hash.toString('base64')),
    );
    for (const tx of txs) {
      assert.equal(tx['@type'], 'raw.transaction');
      assert.equal('account' in tx, false);
    }
    const next = chain[2];
    assert.ok(next);
    assert.deepEqual(result.previous_transaction_id, {
      '@type': 'internal.transactionId',
      lt: next.lt.toString(),
      hash: next.hash.toString('base64'),
    });
  });

  it('answers an empty array for an account without transactions', async () => {
    const nobody = new Address(0, Buffer.alloc(32, 0x42));
    const reply = await harness().get('getTransactions', {
      address: friendly(nobody),
      archival: true,
    });
    assert.deepEqual(ok(reply), []);
  });

  it('rejects bad input with 422 and toncenter 2.1 wording', async () => {
    const { v4 } = wallets();
    const address = friendly(v4);
    const cases: [Record<string, string | number>, string][] = [
      [{ address, limit: 0 }, 'failed to validate request: limit should be positive'],
      [{ address, limit: 1001 }, 'failed to validate request: limit should be less or equal 1000'],
      [{ address, limit: 'x' }, 'failed to parse get request: failed to parse limit'],
      [{ address, lt: 5 }, 'failed to validate request: lt and hash should be used together'],
      [
        { address, hash: Buffer.alloc(32).toString('hex') },
        'failed to validate request: lt and hash should be used together',
      ],
      [{ address, lt: 5, hash: 'abc' }, "invalid hash: 'abc'"],
      [{ address, lt: -1, hash: 'abc' }, 'failed to validate request: lt should be non-negative'],
      [{ address: 'nope' }, "failed to parse get request: Failed to parse ton_addr: 'nope'"],
      [{}, 'failed to validate request: empty address'],
    ];
    for (const [params, error] of cases) {
      const reply = await harness().get('getTransactions', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
    }
    const unknown = await harness().post('getTransactions', { address, foo: 1 });
    assert.equal(unknown.status, 422);
  });
}
