/**
 * LocalChain on one basechain shard: its zero state, the blocks a few transfers make (as @ton/core and
 * the TL-B oracle read them, hashed, signed, with balanced value flows), get-methods and lookups.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  beginCell,
  Dictionary,
  loadShardStateUnsplit,
  loadTransaction,
  storeMessage,
  toNano,
} from '@ton/core';
import { signVerify } from '@ton/crypto';
import type { SandboxContract, TreasuryContract } from '@ton/sandbox';
import { WalletContractV4 } from '@ton/ton';
import {
  applyMerkleUpdate,
  blockSignatureMessage,
  merkleUpdateHashes,
  nodeIdShort,
  sha256,
  valueFlowBalanced,
} from '@app/ton';
import { LocalChain } from './local-chain';
import { field, loadTlbOracle, type OracleLoader } from './tlb-oracle';
import {
  fromTreasury,
  keys,
  transferCell,
} from '../../../../test/integration/support/localnet-harness';
import { allBlocks, augSize } from './local-chain.test-util';

const SEQNO_METHOD = 85143; // crc16("seqno") | 0x10000

void describe(LocalChain.name, () => {
  let sut: LocalChain;
  let treasury: SandboxContract<TreasuryContract>;
  const kpA = keys('wallet-a');
  const kpB = keys('wallet-b');
  const walletA = WalletContractV4.create({ workchain: 0, publicKey: kpA.publicKey });
  const walletB = WalletContractV4.create({ workchain: 0, publicKey: kpB.publicKey });
  let oracle: (name: string) => OracleLoader;
  let fundedAt = 0;
  let deployedAt = 0;

  before(async () => {
    sut = await LocalChain.create();
    oracle = loadTlbOracle();
    treasury = await sut.blockchain.treasury('chain-spec');
    sut.submit(fromTreasury(treasury.address, walletA.address, toNano('10')));
    await sut.settle();
    fundedAt = sut.head().id.seqno;
    await sut.sendMessage(transferCell(walletA, kpA, 0, walletB.address, toNano('2'), true));
    await sut.seal();
    deployedAt = sut.head().id.seqno;
    await sut.settle();
    await sut.sendMessage(transferCell(walletB, kpB, 0, walletA.address, toNano('0.5'), true));
    await sut.settle();
  });

  after(() => {
    sut.close();
  });

  void it('starts from a key-block zero state whose config carries the local validators', () => {
    const zero = sut.zeroState();
    assert.equal(zero.id.seqno, 0);
    assert.equal(zero.isKeyBlock, true);
    assert.equal(zero.block, null);
    assert.deepEqual(zero.id.rootHash, zero.state.hash());
    const config = Dictionary.loadDirect(
      Dictionary.Keys.Int(32),
      Dictionary.Values.Cell(),
      sut.config(0),
    );
    assert.equal(config.get(19)?.beginParse().loadInt(32), -217);
    const p34 = config.get(34)?.beginParse();
    assert.ok(p34);
    assert.equal(p34.loadUint(8), 0x12);
    p34.skip(64);
    assert.equal(p34.loadUint(16), 3);
    // No other validator set: mainnet's previous and next sets name validators that never sign here.
    assert.deepEqual(
      [32, 33, 35, 36, 37].filter((p) => config.has(p)),
      [],
    );
  });

  void it('spreads a trace over consecutive blocks with consistent lt and prev_trans links', () => {
    const txA = sut.shardTopsAt(deployedAt)[0]?.transactions ?? [];
    assert.equal(txA.length, 1);
    const [deploy] = txA;
    assert.ok(deploy);
    assert.ok(deploy.address.equals(walletA.address));
    const next = sut.shardTopsAt(deployedAt + 1)[0]?.transactions ?? [];
    assert.equal(next.length, 1);
    const [credit] = next;
    assert.ok(credit);
    assert.ok(credit.address.equals(walletB.address));
    assert.ok(credit.lt > deploy.lt);
    const parsedA = loadTransaction(deploy.cell.beginParse());
    const outMsg = parsedA.outMessages.get(0);
    assert.ok(outMsg);
    const parsedB = loadTransaction(credit.cell.beginParse());
    const inMsg = parsedB.inMessage;
    assert.ok(inMsg);
    assert.equal(inMsg.info.type, 'internal');
    assert.equal(
      beginCell().store(storeMessage(inMsg)).endCell().hash().toString('hex'),
      beginCell().store(storeMessage(outMsg)).endCell().hash().toString('hex'),
    );
    // The funding transaction of wallet A precedes its deploy transaction in the account's chain.
    const funding = sut.shardTopsAt(fundedAt)[0]?.transactions[0];
    assert.ok(funding);
    assert.equal(deploy.prevTransLt, funding.lt);
    assert.deepEqual(deploy.prevTransHash, funding.hash);
    assert.equal(sut.transaction(walletB.address, credit.lt)?.block.id.seqno, deployedAt + 1);
  });

  void it('emits blocks and states that @ton/core and the tlb-codegen loaders parse', () => {
    for (const b of allBlocks(sut)) {
      const state = loadShardStateUnsplit(b.state.beginParse());
      assert.equal(state.seqno, b.id.seqno);
      assert.equal(state.globalId, -217);
      oracle('loadShardStateUnsplit')(b.state.beginParse());
      if (b.id.workchain === -1) {
        // The emulator's default config (38 params) less its previous and next validator sets.
        assert.equal(state.extras?.config.size, 36);
        const custom = b.state.refs[3];
        assert.ok(custom);
        oracle('loadMcStateExtra')(custom.beginParse());
      }
      if (!b.block) {
        continue;
      }
      const [info, valueFlow, , extra] = b.block.refs;
      assert.ok(info && valueFlow && extra);
      if (b.id.workchain === -1) {
        const mcExtra = extra.refs[3];
        assert.ok(mcExtra);
        const parsedMcExtra = oracle('loadMcBlockExtra')(mcExtra.beginParse());
        assert.equal(field(parsedMcExtra, 'key_block'), 0);
      }
      const parsedInfo = oracle('loadBlockInfo')(info.beginParse());
      assert.equal(field(parsedInfo, 'seq_no'), b.id.seqno);
      assert.equal(field(parsedInfo, 'start_lt'), b.startLt);
      assert.equal(field(parsedInfo, 'end_lt'), b.endLt);
      oracle('loadValueFlow')(valueFlow.beginParse());
      const parsedExtra = oracle('loadBlockExtra')(extra.beginParse());
      assert.equal(field(parsedExtra, 'kind'), 'BlockExtra');
      for (const tx of b.transactions) {
        const t = loadTransaction(tx.cell.beginParse());
        assert.equal(t.lt, tx.lt);
        assert.ok(tx.lt >= b.startLt && tx.lt < b.endLt);
        oracle('loadTransaction')(tx.cell.beginParse());
      }
    }
  });

  void it('hashes blocks consistently and makes state updates that apply to the previous state', () => {
    for (const b of allBlocks(sut)) {
      if (!b.block) {
        continue;
      }
      assert.deepEqual(b.id.rootHash, b.block.hash());
      assert.deepEqual(b.id.fileHash, sha256(b.block.toBoc({ idx: false, crc32: false })));
      const update = b.block.refs[2];
      assert.ok(update);
      const { oldHash, newHash } = merkleUpdateHashes(update);
      assert.deepEqual(newHash, b.state.hash());
      const [prevId] = b.prev;
      assert.ok(prevId);
      const prev = sut.block(prevId.workchain, prevId.shard, prevId.seqno);
      assert.ok(prev);
      assert.deepEqual(oldHash, prev.state.hash());
      assert.deepEqual(applyMerkleUpdate(update, prev.state).hash(), b.state.hash());
    }
  });

  void it('writes value flows whose sums follow from the transactions and messages', () => {
    for (const b of allBlocks(sut)) {
      if (!b.block) {
        continue;
      }
      const vf = b.block.refs[1]?.beginParse();
      assert.ok(vf);
      vf.skip(32);
      const r1 = vf.loadRef().beginParse();
      const grams = (s: typeof r1): bigint => {
        const v = s.loadCoins();
        s.loadMaybeRef();
        return v;
      };
      const [fromPrev, toNext, imported, exported] = [grams(r1), grams(r1), grams(r1), grams(r1)];
      const feesCollected = grams(vf);
      const r2 = vf.loadRef().beginParse();
      const [feesImported, recovered, created, minted] = [
        grams(r2),
        grams(r2),
        grams(r2),
        grams(r2),
      ];
      assert.equal(
        valueFlowBalanced({
          fromPrevBlk: fromPrev,
          toNextBlk: toNext,
          imported,
          exported,
          feesCollected,
          feesImported,
          recovered,
          created,
          minted,
        }),
        true,
      );
      const txFees = b.transactions.reduce(
        (s, t) => s + loadTransaction(t.cell.beginParse()).totalFees.coins,
        0n,
      );
      const inFees = (() => {
        const ins = b.block.refs[3]?.refs[0]?.beginParse();
        assert.ok(ins);
        if (ins.loadBit()) {
          ins.loadRef();
        }
        return ins.loadCoins();
      })();
      assert.equal(feesCollected, txFees + inFees + created + feesImported);
      const state = loadShardStateUnsplit(b.state.beginParse());
      let total = 0n;
      for (const [, v] of state.accounts ?? []) {
        total += v.shardAccount.account?.storage.balance.coins ?? 0n;
      }
      assert.equal(toNext, total);
    }
  });

  void it('holds one InMsgDescr entry per inbound message and one OutMsgDescr entry per outbound one', () => {
    let dequeuedNext = 0;
    const shardBlocks = allBlocks(sut).filter((b) => b.id.workchain === 0 && b.block);
    for (const b of shardBlocks) {
      assert.ok(b.block);
      const extra = b.block.refs[3];
      assert.ok(extra?.refs[0] && extra.refs[1]);
      const inbound = b.transactions.filter(
        (t) => loadTransaction(t.cell.beginParse()).inMessage,
      ).length;
      const outbound = b.transactions.reduce(
        (s, t) => s + loadTransaction(t.cell.beginParse()).outMessagesCount,
        0,
      );
      assert.equal(augSize(extra.refs[0]), inbound);
      // Each internal message leaves as msg_export_new, and its dequeue is recorded in the next block.
      assert.equal(augSize(extra.refs[1]), outbound + dequeuedNext);
      dequeuedNext = outbound;
    }
  });

  void it('answers get-methods on the state as of an older masterchain block', async () => {
    const before = await sut.runGetMethod(fundedAt, walletA.address, SEQNO_METHOD, []);
    assert.equal(before.exitCode, -256);
    const afterDeploy = await sut.runGetMethod(deployedAt, walletA.address, SEQNO_METHOD, []);
    assert.equal(afterDeploy.exitCode, 0);
    assert.deepEqual(afterDeploy.stack, [{ type: 'int', value: 1n }]);
    const head = await sut.runGetMethod(sut.head().id.seqno, walletB.address, SEQNO_METHOD, []);
    assert.deepEqual(head.stack, [{ type: 'int', value: 1n }]);
  });

  void it('rejects an external message the wallet does not accept, with the liteserver wording', async () => {
    await assert.rejects(
      sut.sendMessage(transferCell(walletA, kpA, 0, walletB.address, toNano('1'), false)),
      /^Error: External message was not accepted/,
    );
  });

  void it('signs every masterchain block with each validator of config param 34', () => {
    const config = Dictionary.loadDirect(
      Dictionary.Keys.Int(32),
      Dictionary.Values.Cell(),
      sut.config(0),
    );
    const p34 = config.get(34)?.beginParse();
    assert.ok(p34);
    p34.skip(8 + 64 + 32 + 64);
    const list = p34.loadDict(Dictionary.Keys.Uint(16), {
      serialize: () => undefined,
      parse: (s) => {
        s.skip(8 + 32);
        return s.loadBuffer(32);
      },
    });
    const pubkeys = [...list.values()];
    assert.equal(pubkeys.length, 3);
    for (let s = 1; s <= sut.head().id.seqno; s++) {
      const b = sut.masterchainBlock(s);
      assert.ok(b?.signatures);
      assert.equal(b.signatures.length, 3);
      const msg = blockSignatureMessage(b.id.rootHash, b.id.fileHash);
      b.signatures.forEach((sig, i) => {
        const pub = pubkeys[i];
        assert.ok(pub);
        assert.deepEqual(sig.nodeIdShort, nodeIdShort(pub));
        assert.equal(signVerify(msg, sig.signature, pub), true);
      });
    }
  });

  void it('looks blocks up by seqno, lt and utime', () => {
    const block = sut.shardTopsAt(deployedAt)[0];
    assert.ok(block);
    const [tx] = block.transactions;
    assert.ok(tx);
    assert.equal(sut.lookup(0, 0x8000000000000000n, { seqno: deployedAt })?.id.seqno, deployedAt);
    assert.equal(sut.lookup(0, 0x8000000000000000n, { lt: tx.lt })?.id.seqno, deployedAt);
    assert.equal(
      sut.lookup(-1, 0x8000000000000000n, { utime: block.genUtime })?.id.seqno,
      deployedAt,
    );
    assert.equal(sut.block(0, 0x8000000000000000n, deployedAt)?.id.rootHash, block.id.rootHash);
    assert.equal(sut.lookup(0, 0x8000000000000000n, { seqno: 10_000 }), undefined);
  });

  void it('waits for a future masterchain seqno', async () => {
    const target = sut.head().id.seqno + 1;
    const waiting = sut.waitForMasterchainSeqno(target, 5000);
    await sut.seal();
    assert.equal(await waiting, true);
    assert.equal(await sut.waitForMasterchainSeqno(target + 5, 20), false);
  });
});
