import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3TransactionsRes } from '@app/contracts';
import { Address, beginCell, Cell } from '@ton/core';
import { type JsonReply } from '../support/v3-harness';
import { type IndexedWallet, ok, record } from './indexed-wallet';

/** Decoded init states and message bodies (the TL-B registry), GET and POST alike. */
export function decodedBodyCases(fixture: () => IndexedWallet): void {
  void it("init_state.decoded: a wallet's deploying external carries its StateInit's fields", async () => {
    const { h, wallet } = fixture();
    const all = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: wallet, limit: 100, sort: 'asc' })),
    ).transactions;
    const deploy = all.find((t) => t.in_msg?.init_state !== null && t.in_msg?.source === null);
    const init = deploy?.in_msg?.init_state;
    assert.ok(init?.body, 'the first external deploys the wallet');
    const [code, data] = Cell.fromBase64(init.body).refs;
    assert.ok(code && data);
    const boc = (c: Cell): string => c.toBoc({ idx: false, crc32: true }).toString('base64');
    assert.deepEqual(init.decoded, {
      '@type': 'state_init',
      split_depth: null,
      special: null,
      code: boc(code),
      data: boc(data),
      library: null,
    });
  });

  void it('decode: opcode names and bodies through the TL-B registry, GET and POST alike', async () => {
    const { h, wallet } = fixture();
    const boc = (c: Cell): string => c.toBoc({ idx: false, crc32: true }).toString('base64');
    const dest = `0:${'11'.repeat(32)}`;
    const comment = beginCell().storeUint(0, 32).storeStringTail('thanks').endCell();
    const transfer = beginCell()
      .storeUint(0x0f8a7ea5, 32)
      .storeUint(9, 64)
      .storeCoins(1_000_000_000n)
      .storeAddress(Address.parseRaw(dest))
      .storeAddress(Address.parseRaw(wallet))
      .storeMaybeRef(null)
      .storeCoins(1n)
      .storeMaybeRef(comment)
      .endCell();
    const excess = beginCell()
      .storeUint(0xd53276db, 32)
      .storeUint(2n ** 64n - 1n, 64)
      .endCell();
    const unknown = beginCell().storeUint(0x12345678, 32).endCell();
    const decodedTransfer = {
      '@type': 'jetton_transfer',
      query_id: '9',
      amount: '1000000000',
      destination: dest,
      response_destination: wallet,
      custom_payload: null,
      forward_ton_amount: '1',
      forward_payload: { '@type': 'text_comment', text: 'thanks' },
    };
    const opcodes = ['0x0f8a7ea5', '178d4519', '7362D09C', '3576854235', '-1', '0xdeadbeef'];
    const bodies = [
      boc(transfer),
      transfer.toBoc().toString('hex'),
      boc(excess).replace(/\+/g, '-').replace(/\//g, '_'),
      boc(comment),
      boc(unknown),
    ];
    const expected = {
      opcodes: [
        'jetton_transfer',
        'jetton_internal_transfer',
        'jetton_notify',
        'excess',
        'bounce',
        'unknown',
      ],
      bodies: [
        // The same transfer, sent as base64 and as hex.
        decodedTransfer,
        decodedTransfer,
        { '@type': 'excess', query_id: '18446744073709551615' },
        { '@type': 'text_comment', text: 'thanks' },
        { error: 'unknown: opcode 0x12345678' },
      ],
    };
    assert.deepEqual(await h.get('v3/decode', { opcodes, bodies }), {
      status: 200,
      body: expected,
    });
    assert.deepEqual(await h.post('v3/decode', { opcodes, bodies }), {
      status: 200,
      body: expected,
    });
    assert.deepEqual(await h.post('v3/decode', {}), {
      status: 200,
      body: { opcodes: [], bodies: [] },
    });
    const bad: [JsonReply, string][] = [
      [await h.get('v3/decode', { opcodes: '0x123456789' }), 'opcodes: index 0'],
      [await h.get('v3/decode', { opcodes: ['1', 'zz'] }), 'opcodes: index 1'],
      [await h.get('v3/decode', { bodies: '!!!' }), 'bodies: index 0'],
      [await h.get('v3/decode', { bodies: 'AAAA' }), 'bodies: index 0'],
      [await h.get('v3/decode', { body: boc(excess), strict: 'true' }), '"body"'],
      [await h.post('v3/decode', { opcodes: [1] }), 'opcodes'],
      [await h.post('v3/decode', { opcodes: Array<string>(1001).fill('0') }), 'opcodes'],
      [await h.post('v3/decode', { bodies: Array<string>(1001).fill(boc(excess)) }), 'bodies'],
      [await h.post('v3/decode?strict=true', { opcodes: [], extra: 1 }), '"extra"'],
      [await h.post('v3/decode', ['0x1']), 'body'],
    ];
    for (const [reply, needle] of bad) {
      assert.equal(reply.status, 422, JSON.stringify(reply.body));
      const body = record(reply.body);
      assert.deepEqual(Object.keys(body), ['error']);
      assert.ok(String(body.error).includes(needle), `${String(body.error)} names ${needle}`);
    }
  });
}
