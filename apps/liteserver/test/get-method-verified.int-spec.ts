import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TonApiError } from '@app/contracts';
import { type LiteserverPoolService } from '@app/liteclient';
import { LiteApiSchema, methodIdOf, type ProofBlockId } from '@app/ton';
import { type Address, Cell, parseTuple, serializeTuple, type TupleItem } from '@ton/core';
import { GenesisAccount, type Localnet, startLocalnet } from '@app/localnet';
import {
  closePoolsAndLocalnet,
  suitePools,
  unverifiedByReason,
  zeroStateAnchor,
} from './lying-pool.support';
import { GetMethodRunner } from '../src/v2/methods/get-method.runner';

const EMPTY_STACK = serializeTuple([]).toBoc({ idx: false }).toString('base64');

/**
 * Get-methods run by the liteserver (runSmcMethod: ConfigParam 8 says version 14, newer than the
 * emulator) on 3 local liteservers, some lying: the answer's shard, state and Account proofs are
 * checked, so a liar's run on a forged Account is refused and the honest run served.
 */
void describe('runSmcMethod answers verified against the anchor: 3 local liteservers, some lying', () => {
  let localnet: Localnet;
  let anchor: ProofBlockId;
  let wallet: Address;
  const { pools, startPool, lie } = suitePools(
    () => localnet,
    () => anchor,
  );

  /** The local chain's own run of `seqno` at the head: what an honest liteserver answers. */
  async function truth(): Promise<{ seqno: number; stack: TupleItem[]; exitCode: number }> {
    const seqno = localnet.chain.head().id.seqno;
    const run = await localnet.chain.runGetMethod(seqno, wallet, methodIdOf('seqno'), []);
    return { seqno, stack: run.stack, exitCode: run.exitCode };
  }

  /** liteServer.runSmcMethod of `seqno` at the head, through the pool (its verifying engine). */
  function runSeqnoAtHead(pool: LiteserverPoolService) {
    const head = localnet.chain.head().id;
    return pool.execute('runGetMethod', (client) =>
      client.engine.query(LiteApiSchema.Functions.liteServer_runSmcMethod, {
        kind: 'liteServer.runSmcMethod',
        mode: 4, // the result only: the verifying engine adds the proof bits
        id: {
          kind: 'tonNode.blockIdExt',
          workchain: head.workchain,
          shard: BigInt.asIntN(64, head.shard).toString(),
          seqno: head.seqno,
          rootHash: head.rootHash,
          fileHash: head.fileHash,
        },
        account: { kind: 'liteServer.accountId', workchain: wallet.workChain, id: wallet.hash },
        methodId: String(methodIdOf('seqno')),
        params: Buffer.alloc(0),
      }),
    );
  }

  before(async () => {
    localnet = await startLocalnet({
      seed: 'genesis',
      mode: 'manual',
      liteservers: 3,
      globalVersion: 14,
    });
    await localnet.producer.sealNow();
    const found = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
    assert.ok(found);
    wallet = found.address;
    anchor = zeroStateAnchor(localnet);
  });

  after(() => closePoolsAndLocalnet(pools, localnet));

  void it('with 2 of 3 lying: v2 runGetMethod answers the honest run', async () => {
    lie([1, 2]);
    const { pool } = await startPool();
    const runner = new GetMethodRunner(pool);
    const expected = await truth();
    const res = await runner.runLegacy({
      address: wallet.toRawString(),
      methodId: methodIdOf('seqno'),
      stack: EMPTY_STACK,
      seqno: expected.seqno,
    });
    assert.equal(res.exit_code, expected.exitCode);
    assert.deepEqual(
      res.stack,
      expected.stack.map((item) => {
        assert.equal(item.type, 'int');
        return ['num', `0x${item.value.toString(16)}`];
      }),
    );
    assert.equal(res.block_id.seqno, expected.seqno);
    pool.close();
  });

  void it("a liar's runSmcMethod (a forged Account and result) is refused as run_method; the honest run is served", async () => {
    const expected = await truth();
    const refused = new Map<string, number>();
    // Each pool starts with the same history, so its first pick is the same index; with every index
    // honest once, a liar is asked first in some rounds: its answer must be refused, not served.
    for (const honest of [0, 1, 2]) {
      lie([]);
      const { pool, registry } = await startPool(1);
      lie([0, 1, 2].filter((i) => i !== honest));
      const read = await runSeqnoAtHead(pool);
      assert.equal(read.server, honest, `honest ${String(honest)}`);
      assert.equal(read.value.mode, 7, 'answered with the proofs asked for');
      assert.equal(read.value.exitCode, expected.exitCode);
      assert.deepEqual(
        parseTuple(Cell.fromBoc(Buffer.from(read.value.result!))[0]!),
        expected.stack,
      );
      for (const [reason, count] of await unverifiedByReason(registry)) {
        refused.set(reason, (refused.get(reason) ?? 0) + count);
      }
      pool.close();
    }
    assert.deepEqual([...refused.keys()], ['run_method']);
    assert.ok((refused.get('run_method') ?? 0) > 0, 'a liar was asked first at least once');
  });

  void it('with all 3 lying: an error, never the forged result', async () => {
    // Healthy and with a proven head when the lies start: the runSmcMethod check is what refuses.
    lie([]);
    const { pool, registry } = await startPool();
    lie([0, 1, 2]);
    await assert.rejects(runSeqnoAtHead(pool), TonApiError);
    assert.deepEqual([...(await unverifiedByReason(registry)).keys()], ['run_method']);
    const runner = new GetMethodRunner(pool);
    await assert.rejects(
      runner.runLegacy({
        address: wallet.toRawString(),
        methodId: methodIdOf('seqno'),
        stack: EMPTY_STACK,
      }),
      TonApiError,
    );
    pool.close();
    lie([]);
  });
});
