/**
 * lite_api over ADNL against the LocalChain (ton-lite-client 3.1.1), all but the block reads: the chain
 * head, accounts and their proofs, get-methods, transactions, the config and libraries; sendMessage and
 * the outbound queue it fills, waitMasterchainSeqno, and the C++ liteserver's answers to malformed,
 * unknown and unserved queries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Address,
  beginCell,
  Cell,
  Dictionary,
  external,
  loadShardStateUnsplit,
  loadTransaction,
  parseTuple,
  storeMessage,
  toNano,
} from '@ton/core';
import { Functions } from 'ton-lite-client/dist/schema';
import type { TLFunction, TLReadBuffer, TLWriteBuffer } from 'ton-tl';
import { LiteApiFunctions, LITE_API_FUNCTIONS } from '../src/lite-api';
import {
  expectedAccount,
  walletATransactions,
  keys,
  transferCell,
  tlBlockId,
  serveSeededChainForSuite,
} from '../../../test/integration/support/localnet-harness';

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

void describe('lite_api state reads, sends and refusals over ADNL against the LocalChain (ton-lite-client 3.1.1)', () => {
  const net = serveSeededChainForSuite();

  void it('getMasterchainInfo / Ext, getTime and getVersion describe the chain head', async () => {
    const head = net.seeded.chain.head();
    const info = await net.client.getMasterchainInfo();
    assert.equal(info.last.seqno, head.id.seqno);
    assert.equal(info.last.workchain, -1);
    assert.equal(info.last.shard, SHARD_FULL);
    assert.deepEqual(info.last.rootHash, head.id.rootHash);
    assert.deepEqual(info.last.fileHash, head.id.fileHash);
    assert.deepEqual(info.stateRootHash, head.state.hash());
    assert.deepEqual(info.init.rootHash, net.seeded.chain.zeroState().id.rootHash);
    const ext = await net.client.getMasterchainInfoExt();
    assert.equal(ext.lastUtime, head.genUtime);
    assert.equal(ext.now, net.seeded.chain.now());
    assert.equal(ext.version, 0x101);
    assert.equal(await net.client.getCurrentTime(), net.seeded.chain.now());
    const version = await net.client.getVersion();
    assert.equal(version.version, 0x101);
    assert.equal(version.capabilities, '7');
  });

  void it('getAccountState returns the Account, and lastTx read from the proof, as the chain has them', async () => {
    const { walletA } = net.seeded;
    const expected = expectedAccount(net.seeded.chain, walletA.address);
    const info = await net.client.getMasterchainInfo();
    const sut = await net.client.getAccountState(walletA.address, info.last);
    assert.equal(sut.state?.storage.balance.coins, expected.account.storage.balance.coins);
    assert.equal(sut.state.storage.state.type, 'active');
    assert.equal(sut.lastTx?.lt, expected.lastTransLt);
    assert.equal(sut.lastTx.hash, BigInt('0x' + expected.lastTransHash.toString('hex')));
    assert.deepEqual(sut.shardBlock.rootHash, expected.block.id.rootHash);
    // proof roots: block header proof (virtual hash = shard block root hash), then the state proof
    const [blockProof, stateProof] = Cell.fromBoc(sut.proof);
    assert.deepEqual(blockProof?.refs[0]?.hash(0), expected.block.id.rootHash);
    assert.deepEqual(stateProof?.refs[0]?.hash(0), expected.block.state.hash());
    // shard proof: the masterchain block header and its ShardHashes
    const [mcProof, mcStateProof] = Cell.fromBoc(sut.shardProof);
    assert.deepEqual(mcProof?.refs[0]?.hash(0), info.last.rootHash);
    assert.deepEqual(mcStateProof?.refs[0]?.hash(0), net.seeded.chain.head().state.hash());
  });

  void it('getAccountStatePrunned sends a Merkle proof of the Account', async () => {
    const expected = expectedAccount(net.seeded.chain, net.seeded.walletA.address);
    const info = await net.client.getMasterchainInfo();
    const sut = await net.client.getAccountStatePrunned(net.seeded.walletA.address, info.last);
    assert.deepEqual(sut.stateHash, expected.cell.hash());
  });

  void it('answers an absent account with an empty state', async () => {
    const info = await net.client.getMasterchainInfo();
    const absent = new Address(0, Buffer.alloc(32, 0x5a));
    const sut = await net.client.getAccountState(absent, info.last);
    assert.equal(sut.state, null);
    assert.equal(sut.balance.coins, 0n);
    assert.equal(sut.lastTx, null);
  });

  void it('runSmcMethod runs get-methods at the block, -256 for an absent account', async () => {
    const info = await net.client.getMasterchainInfo();
    const seqno = await net.client.runMethod(
      net.seeded.walletA.address,
      'seqno',
      Buffer.alloc(0),
      info.last,
    );
    assert.equal(seqno.exitCode, 0);
    assert.ok(seqno.result);
    const stack = parseTuple(Cell.fromBase64(seqno.result));
    assert.deepEqual(stack, [{ type: 'int', value: 1n }]);
    const provider = net.client.open(net.seeded.walletA);
    assert.equal(await provider.getSeqno(), 1);
    const absent = await net.client.runMethod(
      new Address(0, Buffer.alloc(32, 7)),
      'seqno',
      Buffer.alloc(0),
      info.last,
    );
    assert.equal(absent.exitCode, -256);
  });

  void it('getTransactions follows prev_trans links and names each block', async () => {
    const { expected, answer: sut } = await walletATransactions(net);
    const txs = Cell.fromBoc(sut.transactions).map((c) => loadTransaction(c.beginParse()));
    // funding by the treasury, then the deploying transfer
    assert.equal(txs.length, 2);
    assert.equal(sut.ids.length, 2);
    assert.equal(txs[0]?.lt, expected.lastTransLt);
    assert.equal(txs[1]?.lt, txs[0].prevTransactionLt);
    for (const [i, tx] of txs.entries()) {
      const stored = net.seeded.chain.transaction(net.seeded.walletA.address, tx.lt);
      assert.ok(stored);
      assert.deepEqual(tx.hash(), stored.tx.hash);
      assert.deepEqual(sut.ids[i]?.rootHash, stored.block.id.rootHash);
    }
    const one = await net.client.getAccountTransaction(
      net.seeded.walletA.address,
      expected.lastTransLt.toString(),
      tlBlockId(
        net.seeded.chain.transaction(net.seeded.walletA.address, expected.lastTransLt)!.block,
      ),
    );
    assert.deepEqual(Cell.fromBoc(one.transaction)[0]?.hash(), expected.lastTransHash);
    assert.deepEqual(Cell.fromBoc(one.proof)[0]?.refs[0]?.hash(0), one.id.rootHash);
  });

  void it('getConfigAll has every param of the chain config; getConfigParams only the requested ones', async () => {
    const head = net.seeded.chain.head();
    const expected = Dictionary.loadDirect(
      Dictionary.Keys.Int(32),
      Dictionary.Values.Cell(),
      net.seeded.chain.config(head.id.seqno),
    );
    const config = await net.client.getConfig(tlBlockId(head));
    assert.equal(config.config.size, expected.size);
    assert.deepEqual(config.config.get(34)?.hash(), expected.get(34)?.hash());
    const some = await net.engine.query(Functions.liteServer_getConfigParams, {
      kind: 'liteServer.getConfigParams',
      mode: 0,
      id: tlBlockId(head),
      paramList: [19, 34, 3],
    });
    const state = loadShardStateUnsplit(Cell.fromBoc(some.configProof)[0]!.refs[0]!.beginParse());
    const proven = state.extras?.config;
    assert.ok(proven && expected.has(19) && expected.has(34) && !expected.has(3));
    // the requested params come whole; any other key seen on the way (proving 3 absent) is pruned
    const whole = proven
      .keys()
      .filter((k) => !proven.get(k)!.isExotic)
      .sort((a, b) => a - b);
    assert.deepEqual(whole, [19, 34]);
    assert.deepEqual(proven.get(34)?.hash(), expected.get(34)?.hash());
    assert.ok(proven.size < expected.size);
    assert.deepEqual(Cell.fromBoc(some.configProof)[0]?.refs[0]?.hash(0), head.state.hash());
  });

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

  void it('getLibrariesWithProof proves the libraries dictionary of the state', async () => {
    const head = net.seeded.chain.head();
    const sut = await net.engine.query(LiteApiFunctions.liteServer_getLibrariesWithProof, {
      kind: 'liteServer.getLibrariesWithProof',
      id: tlBlockId(head),
      mode: 0,
      libraryList: [Buffer.alloc(32, 3)],
    });
    assert.deepEqual(sut.result, []);
    assert.deepEqual(Cell.fromBoc(sut.dataProof)[0]?.refs[0]?.hash(0), head.state.hash());
    assert.deepEqual(Cell.fromBoc(sut.stateProof)[0]?.refs[0]?.hash(0), head.id.rootHash);
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
