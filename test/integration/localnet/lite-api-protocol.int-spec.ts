/**
 * lite_api over ADNL against the LocalChain (ton-lite-client 3.1.1), beyond reads: sendMessage and the
 * outbound queue it fills, waitMasterchainSeqno, and the C++ liteserver's answers to malformed,
 * unknown and unserved queries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, Cell, external, parseTuple, storeMessage, toNano } from '@ton/core';
import { Functions } from 'ton-lite-client/dist/schema';
import type { TLFunction, TLReadBuffer, TLWriteBuffer } from 'ton-tl';
import { LiteApiFunctions, LITE_API_FUNCTIONS } from '../../../apps/localnet/src/lite-api';
import { keys, transferCell, tlBlockId, serveSeededChainForSuite } from './localnet-harness';

const SHARD_FULL = '-9223372036854775808';

/** A raw function: whatever bytes `write` puts after the liteServer.query wrapping, answer as bytes. */
function rawFunction(write: (w: TLWriteBuffer) => void): TLFunction<null, Buffer> {
  return {
    encodeRequest: (_src, w) => {
      write(w);
    },
    decodeResponse: (r: TLReadBuffer) => r.readObject(),
  };
}

void describe('lite_api sends, waits and refusals over ADNL against the LocalChain (ton-lite-client 3.1.1)', () => {
  const net = serveSeededChainForSuite();

  void it('sendMessage accepts a signed transfer and rejects a badly signed one', async () => {
    const { chain, walletA, kpA, walletB } = net.seeded;
    const ok = await net.client.sendMessage(
      transferCell(walletA, kpA, 1, walletB.address, toNano('1'), false).toBoc(),
    );
    assert.equal(ok.status, 1);
    await chain.settle();
    const info = await net.client.getMasterchainInfo();
    const seqno = await net.client.runMethod(walletA.address, 'seqno', Buffer.alloc(0), info.last);
    assert.deepEqual(parseTuple(Cell.fromBase64(seqno.result!)), [{ type: 'int', value: 2n }]);
    const forged = transferCell(
      walletA,
      keys('someone else'),
      2,
      walletB.address,
      toNano('1'),
      false,
    );
    await assert.rejects(
      net.client.sendMessage(forged.toBoc()),
      // The C++ liteserver's prefix once, then the reason.
      /cannot apply external message to current state : External message was not accepted \(exit code \d+\): /,
    );
    await assert.rejects(
      net.client.sendMessage(Buffer.from('not a boc')),
      /cannot deserialize external message/,
    );
    // A body 300 cells deep: refused before the emulator, which never returns on 430–512.
    let body = beginCell().storeUint(0, 8).endCell();
    for (let i = 0; i < 300; i += 1) {
      body = beginCell().storeRef(body).endCell();
    }
    const deep = beginCell()
      .store(storeMessage(external({ to: walletA.address, body })))
      .endCell();
    await assert.rejects(
      net.client.sendMessage(deep.toBoc()),
      /^Error: cannot apply external message to current state : message too deep: depth 300, at most 256 on the local network$/,
    );
  });

  void it('reports the outbound queue of shard states between blocks', async () => {
    const { chain, walletA, kpA, walletB } = net.seeded;
    await chain.sendMessage(transferCell(walletA, kpA, 2, walletB.address, toNano('0.1'), false));
    await chain.seal();
    // walletA's transfer ran; its message to walletB waits in the shard's queue for the next block
    const top = chain.shardTopsAt(chain.head().id.seqno)[0]!;
    const sizes = await net.engine.query(LiteApiFunctions.liteServer_getOutMsgQueueSizes, {
      kind: 'liteServer.getOutMsgQueueSizes',
      mode: 1,
      wc: 0,
      shard: SHARD_FULL,
    });
    assert.deepEqual(
      sizes.shards.map((s) => [s.id.workchain, s.id.seqno, s.size]),
      [[0, top.id.seqno, 1]],
    );
    const one = await net.engine.query(LiteApiFunctions.liteServer_getBlockOutMsgQueueSize, {
      kind: 'liteServer.getBlockOutMsgQueueSize',
      mode: 1,
      id: tlBlockId(top),
      wantProof: true,
    });
    assert.equal(one.size, '1');
    assert.deepEqual(Cell.fromBoc(one.proof!)[0]?.refs[0]?.hash(0), top.state.hash());
    await chain.settle();
    const after = await net.engine.query(LiteApiFunctions.liteServer_getBlockOutMsgQueueSize, {
      kind: 'liteServer.getBlockOutMsgQueueSize',
      mode: 0,
      id: tlBlockId(chain.shardTopsAt(chain.head().id.seqno)[0]!),
      wantProof: null,
    });
    assert.equal(after.size, '0');
    assert.equal(after.proof, null);
  });

  void it('waits for a masterchain seqno announced by waitMasterchainSeqno, and times out', async () => {
    const head = net.seeded.chain.head().id.seqno;
    const waited = net.engine.query(
      Functions.liteServer_getMasterchainInfo,
      { kind: 'liteServer.getMasterchainInfo' },
      { awaitSeqno: head + 1, timeout: 5000 },
    );
    setTimeout(() => {
      void net.seeded.chain.seal();
    }, 200);
    assert.equal((await waited).last.seqno, head + 1);
    // the server waits timeout_ms (200) while the net.client would wait 3 s: the server's error arrives
    const getTimeId = LITE_API_FUNCTIONS.find((f) => f.name === 'liteServer.getTime')!.id;
    const waitId = LITE_API_FUNCTIONS.find((f) => f.name === 'liteServer.waitMasterchainSeqno')!.id;
    const timedOut = net.engine.query(
      rawFunction((w) => {
        w.writeInt32(waitId);
        w.writeInt32(head + 100);
        w.writeInt32(200);
        w.writeInt32(getTimeId);
      }),
      null,
      { timeout: 3000 },
    );
    await assert.rejects(timedOut, /^Error: timeout$/);
  });

  void it('answers garbage arguments of every function with an error and keeps serving', async () => {
    // deterministic "garbage": 20 bytes of 0xff after each function id
    const garbage = Buffer.alloc(20, 0xff);
    const outcomes = await Promise.allSettled(
      LITE_API_FUNCTIONS.filter(
        (f) => f.name !== 'liteServer.query' && f.name !== 'liteServer.queryPrefix',
      ).map((f) =>
        net.engine.query(
          rawFunction((w) => {
            w.writeInt32(f.id);
            for (let i = 0; i < garbage.length; i += 4) {
              w.writeInt32(garbage.readInt32LE(i));
            }
          }),
          null,
          { timeout: 3000 },
        ),
      ),
    );
    // getTime / getVersion / getMasterchainInfo take no arguments and may ignore trailing bytes;
    // everything else must be refused with a liteServer.error (never a timeout or a dropped connection)
    for (const o of outcomes) {
      if (o.status === 'rejected') {
        assert.ok(o.reason instanceof Error);
        assert.notEqual(o.reason.message, 'Timeout');
      }
    }
    assert.ok(outcomes.filter((o) => o.status === 'rejected').length >= 25);
    assert.equal(await net.client.getCurrentTime(), net.seeded.chain.now());
  });

  void it('answers unknown and unserved functions with the C++ liteserver errors', async () => {
    await assert.rejects(
      net.engine.query(
        rawFunction((w) => {
          w.writeInt32(0x12345678);
        }),
        null,
      ),
      /Unknown constructor found 0x12345678/,
    );
    await assert.rejects(
      net.engine.query(LiteApiFunctions.liteServer_getValidatorStats, {
        kind: 'liteServer.getValidatorStats',
        mode: 0,
        id: tlBlockId(net.seeded.chain.head()),
        limit: 10,
        startAfter: null,
        modifiedAfter: null,
      }),
      /^Error: unknown query$/,
    );
    // truncated arguments of a known function
    const accountStateId = LITE_API_FUNCTIONS.find(
      (f) => f.name === 'liteServer.getAccountState',
    )!.id;
    await assert.rejects(
      net.engine.query(
        rawFunction((w) => {
          w.writeInt32(accountStateId);
          w.writeInt32(-1);
        }),
        null,
      ),
      /cannot parse liteServer.getAccountState/,
    );
    // the server is still fine
    assert.equal(await net.client.getCurrentTime(), net.seeded.chain.now());
  });
});
