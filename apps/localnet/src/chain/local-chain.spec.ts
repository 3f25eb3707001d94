import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import {
  beginCell,
  Cell,
  Dictionary,
  external,
  internal,
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

import type { StoredBlock } from './chain-reader';
import { LocalChain } from './local-chain';
import { field, loadTlbOracle, type OracleLoader } from './tlb-oracle';
import {
  fromTreasury,
  keys,
  transferCell,
} from '../../../../test/integration/localnet/localnet-harness';

const SEQNO_METHOD = 85143; // crc16("seqno") | 0x10000

/** Every block of every chain up to the head (masterchain and shards). */
function allBlocks(chain: LocalChain): StoredBlock[] {
  const out: StoredBlock[] = [];
  for (let s = 0; s <= chain.head().id.seqno; s++) {
    const mc = chain.masterchainBlock(s);
    assert.ok(mc);
    out.push(mc, ...chain.shardTopsAt(s).filter((b) => b.mcSeqno === s));
  }
  return out;
}

function augSize(descrCell: Cell): number {
  // HashmapAugE: count leaves by walking with the generic dictionary reader (extras are ignored).
  const s = descrCell.beginParse();
  if (!s.loadBit()) {
    return 0;
  }
  const root = s.loadRef();
  let n = 0;
  const walk = (c: Cell, m: number): void => {
    const sl = c.beginParse();
    let len = 0;
    const k = m === 0 ? 0 : 32 - Math.clz32(m);
    const first = sl.loadBit();
    if (!first) {
      while (sl.loadBit()) {
        len++;
      }
    } else {
      const same = sl.loadBit();
      if (same) {
        sl.loadBit();
      }
      len = sl.loadUint(k);
    }
    if (m - len === 0) {
      n++;
      return;
    }
    const [l, r] = c.refs;
    assert.ok(l && r);
    walk(l, m - len - 1);
    walk(r, m - len - 1);
  };
  walk(root, 256);
  return n;
}

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

void describe(`${LocalChain.name} with two basechain shards`, () => {
  void it('puts each account in the shard of its first address bit and commits both shards', async () => {
    const sut = await LocalChain.create({ shards: 2 });
    try {
      const treasury = await sut.blockchain.treasury('two-shards');
      const targets: WalletContractV4[] = [];
      for (let i = 0; targets.length < 4 && i < 64; i++) {
        const w = WalletContractV4.create({ workchain: 0, publicKey: keys(`two-${i}`).publicKey });
        const bit = (w.address.hash[0] ?? 0) >> 7;
        if (targets.filter((t) => (t.address.hash[0] ?? 0) >> 7 === bit).length < 2) {
          targets.push(w);
        }
      }
      for (const w of targets) {
        sut.submit(fromTreasury(treasury.address, w.address, toNano('1')));
      }
      await sut.settle();
      const head = sut.head();
      assert.deepEqual(
        head.shardTops?.map((id) => id.shard),
        [0x4000000000000000n, 0xc000000000000000n],
      );
      for (const w of targets) {
        const block = sut.accountBlockAt(head.id.seqno, w.address);
        const expected =
          ((w.address.hash[0] ?? 0) & 0x80) === 0 ? 0x4000000000000000n : 0xc000000000000000n;
        assert.equal(block.id.shard, expected);
        const accounts = loadShardStateUnsplit(block.state.beginParse()).accounts;
        assert.ok(accounts?.get(BigInt('0x' + w.address.hash.toString('hex'))));
      }
      // A treasury transfer through its external message: the treasury's shard exports the message,
      // the destination shard imports it in the next block and the source records the dequeue.
      const src = treasury.address;
      const srcShard =
        ((src.hash[0] ?? 0) & 0x80) === 0 ? 0x4000000000000000n : 0xc000000000000000n;
      const target = targets.find(
        (w) => ((w.address.hash[0] ?? 0) & 0x80) !== ((src.hash[0] ?? 0) & 0x80),
      );
      assert.ok(target);
      sut.submit(
        external({
          to: src,
          body: treasury.createTransfer({
            messages: [internal({ to: target.address, value: toNano('0.5'), bounce: false })],
          }),
        }),
      );
      const sent = await sut.seal();
      const srcBlock = sut.block(0, srcShard, sent.id.seqno);
      assert.ok(srcBlock?.block);
      assert.equal(srcBlock.transactions.length, 1);
      const queueInfo = srcBlock.state.refs[0];
      assert.equal(queueInfo?.beginParse().loadBit(), true);
      const delivered = await sut.seal();
      const dstShard = srcShard === 0x4000000000000000n ? 0xc000000000000000n : 0x4000000000000000n;
      const dstBlock = sut.block(0, dstShard, delivered.id.seqno);
      assert.ok(dstBlock);
      assert.equal(dstBlock.transactions.length, 1);
      assert.ok(dstBlock.transactions[0]?.address.equals(target.address));
      const srcNext = sut.block(0, srcShard, delivered.id.seqno);
      assert.ok(srcNext?.block);
      assert.equal(srcNext.state.refs[0]?.beginParse().loadBit(), false);
      // msg_export_deq_short$1101 with import_block_lt = the importing block's end_lt.
      const outDescr = srcNext.block.refs[3]?.refs[1];
      assert.ok(outDescr);
      const leaf = outDescr.refs[0];
      assert.ok(leaf);
      const ls = leaf.beginParse();
      ls.skip(2 + 9 + 256);
      // The only entry: label hml_long of 256 bits, then the extra (0 nanotons) and the OutMsg.
      assert.equal(ls.loadCoins(), 0n);
      ls.loadBit();
      assert.equal(ls.loadUint(4), 0b1101);
      ls.skip(256 + 32 + 64);
      assert.equal(ls.loadUintBig(64), dstBlock.endLt);
    } finally {
      sut.close();
    }
  });
});

void describe(`${LocalChain.name} config changes`, () => {
  void it('turns a new base config into a key block that carries it, keeping params 19 and 34', async () => {
    const sut = await LocalChain.create();
    try {
      await sut.seal();
      const base = Dictionary.loadDirect(
        Dictionary.Keys.Int(32),
        Dictionary.Values.Cell(),
        sut.blockchain.config,
      );
      base.delete(79);
      base.set(19, beginCell().storeInt(-239, 32).endCell());
      sut.setBaseConfig(beginCell().storeDictDirect(base).endCell());
      const key = await sut.seal();
      const after = await sut.seal();
      assert.equal(key.isKeyBlock, true);
      assert.equal(after.isKeyBlock, false);
      assert.equal(key.prevKeyBlockSeqno, 0);
      assert.equal(after.prevKeyBlockSeqno, key.id.seqno);
      const config = Dictionary.loadDirect(
        Dictionary.Keys.Int(32),
        Dictionary.Values.Cell(),
        sut.config(key.id.seqno),
      );
      assert.equal(config.get(79), undefined);
      assert.equal(config.get(19)?.beginParse().loadInt(32), -217);
      assert.equal(sut.config(1).hash().equals(sut.config(key.id.seqno).hash()), false);
      const mcExtra = key.block?.refs[3]?.refs[3];
      assert.ok(mcExtra);
      const parsed = loadTlbOracle()('loadMcBlockExtra')(mcExtra.beginParse());
      assert.equal(field(parsed, 'key_block'), 1);
      // The key block's McBlockExtra ends with config_addr and the config itself.
      assert.ok(mcExtra.refs.some((r) => r.hash().equals(sut.config(key.id.seqno).hash())));
      const info = key.block.refs[0]?.beginParse();
      assert.ok(info);
      info.skip(32 + 32 + 6);
      assert.equal(info.loadBit(), true);
    } finally {
      sut.close();
    }
  });
});
