import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3TransactionsRes } from '@app/contracts';
import { Cell } from '@ton/core';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { ok, type TokenRows } from './token-rows';

/** The decoded opcodes and bodies of the seed's messages in v3/transactions. */
export function decodedMessageCases({ h, a, event }: TokenRows): void {
  void it('messages carry decoded_opcode and decoded bodies (the seed jetton transfer)', async () => {
    const e = await event('jetton_transfers');
    const tx = V3TransactionsRes.parse(ok(await h().get('v3/transactions', { hash: e.tx_hash })))
      .transactions[0];
    assert.ok(tx?.in_msg);
    const comment = { '@type': 'text_comment', text: GENESIS.comments.jettonForward };
    const amount = GENESIS.jetton.transferV3r2ToV4r2.toString();
    assert.equal(tx.in_msg.opcode, '0x0f8a7ea5');
    assert.equal(tx.in_msg.decoded_opcode, 'jetton_transfer');
    assert.deepEqual(tx.in_msg.message_content?.decoded, {
      '@type': 'jetton_transfer',
      query_id: '3',
      amount,
      destination: a(GenesisAccount.walletV4r2),
      response_destination: a(GenesisAccount.walletV3r2),
      custom_payload: null,
      forward_ton_amount: '10000000',
      forward_payload: comment,
    });
    assert.deepEqual(
      tx.out_msgs.map((m) => [m.opcode, m.decoded_opcode, m.message_content?.decoded]),
      [
        [
          '0x178d4519',
          'jetton_internal_transfer',
          {
            '@type': 'jetton_internal_transfer',
            query_id: '3',
            amount,
            from: a(GenesisAccount.walletV3r2),
            response_address: a(GenesisAccount.walletV3r2),
            forward_ton_amount: '10000000',
            forward_payload: comment,
          },
        ],
      ],
    );
  });

  void it('a text comment keeps the back-compat decoded shape; a v5r1 external decodes as signed_external', async () => {
    const v3txs = V3TransactionsRes.parse(
      ok(await h().get('v3/transactions', { account: a(GenesisAccount.walletV3r2), sort: 'asc' })),
    ).transactions;
    const commented = v3txs.flatMap((t) => t.out_msgs).find((m) => m.opcode === '0x00000000');
    assert.ok(commented);
    assert.equal(commented.decoded_opcode, 'text_comment');
    assert.deepEqual(commented.message_content?.decoded, {
      type: 'text_comment',
      '@type': 'text_comment',
      comment: GENESIS.comments.v3r2ToV4r2,
    });
    const v5txs = V3TransactionsRes.parse(
      ok(await h().get('v3/transactions', { account: a(GenesisAccount.walletV5r1), sort: 'asc' })),
    ).transactions;
    const external = v5txs.map((t) => t.in_msg).find((m) => m?.source === null);
    assert.ok(external?.message_content?.body);
    assert.equal(external.decoded_opcode, 'signed_external');
    // The expected fields, read from the body by hand (signed_request after the opcode).
    const s = Cell.fromBase64(external.message_content.body).beginParse();
    s.skip(32);
    const [walletId, validUntil, seqno] = [s.loadUint(32), s.loadUint(32), s.loadUint(32)];
    const actions = s.loadMaybeRef();
    assert.equal(s.loadBit(), false);
    assert.deepEqual(external.message_content.decoded, {
      '@type': 'signed_external',
      wallet_id: walletId,
      valid_until: validUntil,
      seqno: 0,
      out_actions: actions?.toBoc({ idx: false, crc32: true }).toString('base64') ?? null,
      has_other_actions: false,
      other_actions: null,
      signature: s.loadBuffer(64).toString('hex'),
    });
    assert.equal(seqno, 0);
  });
}
