import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GET_METHOD_STACK_LIMITS, methodIdOf } from '@app/ton';
import { Cell, parseTuple, serializeTuple, type TupleItem } from '@ton/core';
import { serveSeededChainForSuite } from '../../../test/integration/support/localnet-harness';

const ones = (n: number): TupleItem[] =>
  Array.from({ length: n }, () => ({ type: 'int', value: 1n }));

// The local network's get-methods against hostile stacks: lite_api runSmcMethod refuses a stack past
// GET_METHOD_STACK_LIMITS from its bytes, and a stack that traps the emulator (handed to the chain
// directly, past the handler's bounds) costs that call only: get-methods and blocks go on.
void describe('runSmcMethod stack limits and emulator recovery on the local network', () => {
  const net = serveSeededChainForSuite();

  async function seqno(): Promise<TupleItem[]> {
    const info = await net.client.getMasterchainInfo();
    const run = await net.client.runMethod(
      net.seeded.walletA.address,
      'seqno',
      Buffer.alloc(0),
      info.last,
    );
    assert.equal(run.exitCode, 0);
    assert.ok(run.result);
    return parseTuple(Cell.fromBase64(run.result));
  }

  void it('refuses a VmStack deeper than the limit from its bytes, and runs the next call', async () => {
    const info = await net.client.getMasterchainInfo();
    const params = serializeTuple(ones(400)).toBoc();
    await assert.rejects(
      net.client.runMethod(net.seeded.walletA.address, 'seqno', params, info.last),
      (error: unknown) =>
        error instanceof Error &&
        error.message.includes(
          `cannot deserialize parameter list boc: Invalid stack: deeper than ${String(GET_METHOD_STACK_LIMITS.maxDepth)} cells`,
        ),
    );
    assert.deepEqual(await seqno(), [{ type: 'int', value: 1n }]);
  });

  void it('a stack that traps the emulator fails its own call; get-methods and blocks go on', async () => {
    const chain = net.seeded.chain;
    const head = chain.head().id.seqno;
    await assert.rejects(
      chain.runGetMethod(head, net.seeded.walletA.address, methodIdOf('seqno'), ones(400)),
    );
    const after = await chain.runGetMethod(
      head,
      net.seeded.walletA.address,
      methodIdOf('seqno'),
      [],
    );
    assert.deepEqual([after.exitCode, after.stack], [0, [{ type: 'int', value: 1n }]]);
    assert.deepEqual(await seqno(), [{ type: 'int', value: 1n }]);
    const sealed = await chain.seal();
    assert.equal(sealed.id.seqno, head + 1);
  });
});
