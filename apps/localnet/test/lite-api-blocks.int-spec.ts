/**
 * lite_api over ADNL against the LocalChain (ton-lite-client 3.1.1), the block reads: lookups with
 * header proofs, block bodies, shards and their transactions, block proofs with signatures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Cell } from '@ton/core';
import { loadBlockInfoOfBlock, masterchainValidatorsOf, validatorListHashShort } from '@app/ton';
import { Functions } from 'ton-lite-client/dist/schema';
import { LiteApiFunctions } from '../src/lite-api';
import { createLocalValidators } from '../src/chain/local-validators';
import {
  expectedAccount,
  tlBlockId,
  serveSeededChainForSuite,
} from '../../../test/integration/support/localnet-harness';

const SHARD_FULL = '-9223372036854775808';

void describe('lite_api block reads over ADNL against the LocalChain (ton-lite-client 3.1.1)', () => {
  const net = serveSeededChainForSuite();

  void it('looks blocks up by seqno, utime and lt, with header proofs', async () => {
    const head = net.seeded.chain.head();
    const byId = await net.client.lookupBlockByID({
      workchain: -1,
      shard: SHARD_FULL,
      seqno: head.id.seqno - 1,
    });
    const prev = net.seeded.chain.masterchainBlock(head.id.seqno - 1)!;
    assert.deepEqual(byId.id.rootHash, prev.id.rootHash);
    assert.deepEqual(Cell.fromBoc(byId.headerProof)[0]?.refs[0]?.hash(0), prev.id.rootHash);
    const byUtime = await net.client.lookupBlockByUtime({
      workchain: -1,
      shard: SHARD_FULL,
      utime: head.genUtime,
    });
    assert.equal(byUtime.id.seqno, head.id.seqno);
    const txBlock = net.seeded.chain.transaction(
      net.seeded.walletA.address,
      expectedAccount(net.seeded.chain, net.seeded.walletA.address).lastTransLt,
    )!.block;
    const byLt = await net.client.lookupBlockByLt({
      workchain: 0,
      shard: SHARD_FULL,
      lt: txBlock.startLt,
    });
    assert.equal(byLt.id.seqno, txBlock.id.seqno);
    const header = await net.client.getBlockHeader(tlBlockId(head));
    assert.deepEqual(header.id.fileHash, head.id.fileHash);
    await assert.rejects(
      net.client.lookupBlockByID({ workchain: -1, shard: SHARD_FULL, seqno: head.id.seqno + 50 }),
      /block not found/,
    );
  });

  void it('lookupBlockWithProof links a shard block to the net.client masterchain block', async () => {
    const head = net.seeded.chain.head();
    const txBlock = net.seeded.chain.transaction(
      net.seeded.walletA.address,
      expectedAccount(net.seeded.chain, net.seeded.walletA.address).lastTransLt,
    )!.block;
    const sut = await net.engine.query(LiteApiFunctions.liteServer_lookupBlockWithProof, {
      kind: 'liteServer.lookupBlockWithProof',
      mode: 2,
      id: { kind: 'tonNode.blockId', workchain: 0, shard: SHARD_FULL, seqno: 0 },
      mcBlockId: tlBlockId(head),
      lt: txBlock.startLt.toString(),
      utime: null,
    });
    assert.deepEqual(sut.id.rootHash, txBlock.id.rootHash);
    assert.equal(sut.mcBlockId.seqno, txBlock.mcSeqno);
    assert.deepEqual(Cell.fromBoc(sut.header)[0]?.refs[0]?.hash(0), txBlock.id.rootHash);
    const prev = net.seeded.chain.block(0, txBlock.id.shard, txBlock.id.seqno - 1)!;
    assert.deepEqual(Cell.fromBoc(sut.prevHeader)[0]?.refs[0]?.hash(0), prev.id.rootHash);
    // one shard block per masterchain block: the single link names the block, proven by the mc block
    const mc = net.seeded.chain.masterchainBlock(txBlock.mcSeqno)!;
    assert.deepEqual(
      sut.shardLinks.map((l) => l.id.rootHash.toString('hex')),
      [txBlock.id.rootHash.toString('hex')],
    );
    assert.deepEqual(Cell.fromBoc(sut.shardLinks[0]!.proof)[0]?.refs[0]?.hash(0), mc.id.rootHash);
    // the net.client's mc block is newer: its header proof and a proof of its state's prev_blocks
    assert.deepEqual(Cell.fromBoc(sut.clientMcStateProof)[0]?.refs[0]?.hash(0), head.id.rootHash);
    assert.deepEqual(Cell.fromBoc(sut.mcBlockProof)[0]?.refs[0]?.hash(0), head.state.hash());
    await assert.rejects(
      net.engine.query(LiteApiFunctions.liteServer_lookupBlockWithProof, {
        kind: 'liteServer.lookupBlockWithProof',
        mode: 3,
        id: { kind: 'tonNode.blockId', workchain: 0, shard: SHARD_FULL, seqno: 1 },
        mcBlockId: tlBlockId(head),
        lt: '1',
        utime: null,
      }),
      /exactly one of mode.0, mode.1 and mode.2 bits must be set/,
    );
  });

  void it('getBlock returns the block BoC whose hashes are the id', async () => {
    const head = net.seeded.chain.head();
    const sut = await net.engine.query(Functions.liteServer_getBlock, {
      kind: 'liteServer.getBlock',
      id: tlBlockId(head),
    });
    assert.deepEqual(Cell.fromBoc(sut.data)[0]?.hash(), head.id.rootHash);
  });

  void it('getAllShardsInfo, listBlockTransactions and getFullBlock agree with the chain', async () => {
    const head = net.seeded.chain.head();
    const shards = await net.client.getAllShardsInfo(tlBlockId(head));
    const top = net.seeded.chain.shardTopsAt(head.id.seqno)[0]!;
    assert.deepEqual(shards.shards, { 0: { [SHARD_FULL]: top.id.seqno } });
    const txBlock = net.seeded.chain.transaction(
      net.seeded.walletA.address,
      expectedAccount(net.seeded.chain, net.seeded.walletA.address).lastTransLt,
    )!.block;
    const list = await net.client.listBlockTransactions(tlBlockId(txBlock), {
      mode: 7,
      count: 100,
    });
    assert.equal(list.incomplete, false);
    assert.deepEqual(
      list.ids.map((t) => [t.account?.toString('hex'), t.lt, t.hash?.toString('hex')]),
      txBlock.transactions.map((t) => [
        t.address.hash.toString('hex'),
        t.lt.toString(),
        t.hash.toString('hex'),
      ]),
    );
    const full = await net.client.getFullBlock(txBlock.mcSeqno);
    const basechain = full.shards.find((s) => s.workchain === 0);
    assert.equal(basechain?.seqno, txBlock.id.seqno);
    assert.equal(basechain.transactions.length, txBlock.transactions.length);
  });

  void it('pages listBlockTransactions with `after`, in reverse too, and listBlockTransactionsExt', async () => {
    const busiest = [...Array(net.seeded.chain.head().id.seqno + 1).keys()]
      .flatMap((s) => net.seeded.chain.shardTopsAt(s))
      .concat(
        [...Array(net.seeded.chain.head().id.seqno + 1).keys()].map((s) =>
          net.seeded.chain.masterchainBlock(s)!,
        ),
      )
      .sort((a, b) => b.transactions.length - a.transactions.length)[0]!;
    assert.ok(busiest.transactions.length >= 2);
    const first = await net.engine.query(LiteApiFunctions.liteServer_listBlockTransactions, {
      kind: 'liteServer.listBlockTransactions',
      id: tlBlockId(busiest),
      mode: 7,
      count: 1,
      after: null,
      reverseOrder: null,
      wantProof: null,
    });
    assert.equal(first.incomplete, true);
    assert.equal(first.ids.length, 1);
    const rest = await net.engine.query(LiteApiFunctions.liteServer_listBlockTransactions, {
      kind: 'liteServer.listBlockTransactions',
      id: tlBlockId(busiest),
      mode: 7 | 128 | 32,
      count: 100,
      after: {
        kind: 'liteServer.transactionId3',
        account: first.ids[0]!.account!,
        lt: first.ids[0]!.lt!,
      },
      reverseOrder: null,
      wantProof: true,
    });
    assert.equal(rest.ids.length, busiest.transactions.length - 1);
    assert.deepEqual(Cell.fromBoc(rest.proof)[0]?.refs[0]?.hash(0), busiest.id.rootHash);
    const reversed = await net.engine.query(LiteApiFunctions.liteServer_listBlockTransactionsExt, {
      kind: 'liteServer.listBlockTransactionsExt',
      id: tlBlockId(busiest),
      mode: 7 | 64,
      count: 100,
      after: null,
      reverseOrder: true,
      wantProof: null,
    });
    assert.deepEqual(
      Cell.fromBoc(reversed.transactions).map((c) => c.hash().toString('hex')),
      [...busiest.transactions].reverse().map((t) => t.hash.toString('hex')),
    );
  });

  void it('getBlockProof links blocks with the chain signatures; getShardBlockProof reaches the mc block', async () => {
    const head = net.seeded.chain.head();
    const zero = net.seeded.chain.zeroState();
    const forward = await net.engine.query(Functions.liteServer_getBlockProof, {
      kind: 'liteServer.getBlockProof',
      mode: 0,
      knownBlock: tlBlockId(zero),
      targetBlock: null,
    });
    assert.equal(forward.complete, true);
    assert.deepEqual(forward.to.rootHash, head.id.rootHash);
    const step = forward.steps[0];
    assert.equal(step?.kind, 'liteServer.blockLinkForward');
    assert.deepEqual(
      step.signatures.signatures.map((s) => s.signature.toString('hex')),
      (head.signatures ?? []).map((s) => s.signature.toString('hex')),
    );
    assert.ok((head.signatures ?? []).length > 0);
    // The set that signed: the default three local validators at catchain seqno 0 (in the masterchain
    // order ConfigParam 28 gives them), hashed as gen_validator_list_hash_short (crc32c of the TL list),
    // the value in the block's own header.
    const signers = masterchainValidatorsOf(net.seeded.chain.config(head.id.seqno), 0);
    assert.deepEqual(
      signers.map((v) => v.publicKey.toString('hex')).sort(),
      createLocalValidators(3)
        .map((v) => v.publicKey.toString('hex'))
        .sort(),
    );
    // (TL's int32: compared as the unsigned value the header holds.)
    const validatorSetHash = step.signatures.validatorSetHash >>> 0;
    assert.equal(validatorSetHash, validatorListHashShort(0, signers));
    assert.notEqual(validatorSetHash, 0);
    assert.equal(validatorSetHash, loadBlockInfoOfBlock(head.block!).genValidatorListHashShort);
    assert.equal(step.signatures.catchainSeqno, 0);
    const back = await net.engine.query(Functions.liteServer_getBlockProof, {
      kind: 'liteServer.getBlockProof',
      mode: 1,
      knownBlock: tlBlockId(head),
      targetBlock: tlBlockId(zero),
    });
    assert.equal(back.steps[0]?.kind, 'liteServer.blockLinkBack');
    const top = net.seeded.chain.shardTopsAt(head.id.seqno)[0]!;
    const shardProof = await net.engine.query(Functions.liteServer_getShardBlockProof, {
      kind: 'liteServer.getShardBlockProof',
      id: tlBlockId(top),
    });
    assert.equal(shardProof.masterchainId.seqno, top.mcSeqno);
    assert.deepEqual(shardProof.links[0]?.id.rootHash, top.id.rootHash);
  });

  void it('getShardInfo, getOutMsgQueueSizes and getLibraries', async () => {
    const head = net.seeded.chain.head();
    const top = net.seeded.chain.shardTopsAt(head.id.seqno)[0]!;
    const info = await net.engine.query(Functions.liteServer_getShardInfo, {
      kind: 'liteServer.getShardInfo',
      id: tlBlockId(head),
      workchain: 0,
      shard: SHARD_FULL,
      exact: true,
    });
    assert.deepEqual(info.shardblk.rootHash, top.id.rootHash);
    const descr = Cell.fromBoc(info.shardDescr)[0]!.beginParse();
    assert.equal(descr.loadUint(4) >= 0xa, true); // shard_descr#a / #b
    assert.equal(descr.loadUint(32), top.id.seqno);
    const sizes = await net.engine.query(LiteApiFunctions.liteServer_getOutMsgQueueSizes, {
      kind: 'liteServer.getOutMsgQueueSizes',
      mode: 0,
      wc: null,
      shard: null,
    });
    assert.deepEqual(
      sizes.shards.map((s) => [s.id.workchain, s.id.seqno, s.size]),
      [
        [-1, head.id.seqno, 0],
        [0, top.id.seqno, 0],
      ],
    );
    const libs = await net.client.getLibraries([Buffer.alloc(32, 9)]);
    assert.deepEqual(libs.result, []);
  });
});
