/**
 * LocalChain set up otherwise than one shard on the default config, each test on its own chain: two
 * basechain shards (accounts placed by their first address bit), and a new base config that becomes a
 * key block.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  beginCell,
  Dictionary,
  external,
  internal,
  loadShardStateUnsplit,
  toNano,
} from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { LocalChain } from './local-chain';
import { field, loadTlbOracle } from './tlb-oracle';
import { fromTreasury, keys } from '../../../../test/integration/support/localnet-harness';

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
