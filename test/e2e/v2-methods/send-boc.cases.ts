import assert from 'node:assert/strict';

import { describe, it } from 'node:test';
import {
  type Address,
  beginCell,
  type Cell,
  internal,
  loadMessage,
  storeMessageRelaxed,
} from '@ton/core';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { blockIdJson, withoutExtra } from '../support/v2-expectations';
import { friendly, hex, type MethodContext } from './method-context';

/** sendBoc and sendBocReturnHash: a transfer that lands, and the refusals. */
export function sendBocCases({ harness, account, v4Wallet, transfer }: MethodContext): void {
  describe('sendBoc', () => {
    async function seqnoOf(address: Address): Promise<unknown> {
      const reply = await harness().post('runGetMethod', {
        address: friendly(address),
        method: 'seqno',
        stack: [],
      });
      return (reply.body.result as { stack: unknown[] }).stack;
    }

    it('sends a signed transfer that lands, then sendBocReturnHash gives its hashes', async () => {
      const { contract } = v4Wallet();
      const before = harness().localnet.chain.head();
      const first = transfer(GENESIS.finalSeqno.v4r2);
      const sent = await harness().post('sendBoc', { boc: first.toBoc().toString('base64') });
      assert.deepEqual(withoutExtra(sent.body), { ok: true, result: { '@type': 'ok' } });
      await harness().localnet.producer.sealNow();
      assert.deepEqual(await seqnoOf(contract.address), [
        ['num', hex(BigInt(GENESIS.finalSeqno.v4r2 + 1))],
      ]);

      // `seqno` reads the state as of an earlier masterchain block.
      const past = await harness().post('runGetMethod', {
        address: friendly(contract.address),
        method: 'seqno',
        stack: [],
        seqno: before.id.seqno,
      });
      const pastResult = past.body.result;
      assert.ok(typeof pastResult === 'object' && pastResult !== null);
      assert.deepEqual(Object.fromEntries(Object.entries(pastResult)).stack, [
        ['num', hex(BigInt(GENESIS.finalSeqno.v4r2))],
      ]);
      assert.deepEqual(
        Object.fromEntries(Object.entries(pastResult)).block_id,
        blockIdJson(before.id),
      );

      const second = transfer(GENESIS.finalSeqno.v4r2 + 1);
      const hashed = await harness().jsonRpc('sendBocReturnHash', {
        boc: second.toBoc().toString('base64'),
      });
      assert.equal(hashed.status, 200);
      assert.deepEqual(hashed.body.result, {
        '@type': 'raw.extMessageInfo',
        hash: second.hash().toString('base64'),
        // A wallet's external carries no src, fee or init; only its inline body moves into a ref.
        hash_norm: beginCell()
          .storeUint(0b10, 2)
          .storeUint(0, 2)
          .storeAddress(contract.address)
          .storeCoins(0n)
          .storeBit(false)
          .storeBit(true)
          .storeRef(loadMessageBody(second))
          .endCell()
          .hash()
          .toString('base64'),
      });
      await harness().localnet.producer.sealNow();
      assert.deepEqual(await seqnoOf(contract.address), [
        ['num', hex(BigInt(GENESIS.finalSeqno.v4r2 + 2))],
      ]);
    });

    it('rejects bad BoCs with 422 and a refused message with the liteserver’s 500', async () => {
      const internalMessage = beginCell()
        .store(
          storeMessageRelaxed(
            internal({ to: account(GenesisAccount.walletV3r2).address, value: 1n }),
          ),
        )
        .endCell();
      const cases: [unknown, string][] = [
        [{}, 'failed to validate request: empty boc'],
        [{ boc: '!!!' }, 'failed to parse post request: invalid boc: base64 expected'],
        [
          { boc: internalMessage.toBoc().toString('base64') },
          'failed to parse post request: invalid boc: not an external inbound message',
        ],
      ];
      for (const [body, error] of cases) {
        const reply = await harness().post('sendBoc', body);
        assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
      }
      // A replayed seqno in a message never sent before: the wallet refuses it.
      const replay = transfer(GENESIS.finalSeqno.v4r2, Math.floor(Date.now() / 1000) + 3600);
      const refused = await harness().post('sendBoc', { boc: replay.toBoc().toString('base64') });
      assert.equal(refused.status, 500);
      assert.match(
        String(refused.body.error),
        /^LITE_SERVER_UNKNOWN: cannot apply external message to current state : External message was not accepted \(exit code \d+\): /,
      );
      assert.equal((await harness().get('sendBoc', { boc: 'x' })).status, 405);
    });
  });
}

function loadMessageBody(message: Cell): Cell {
  return loadMessage(message.beginParse()).body;
}
