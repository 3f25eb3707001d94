/** LocalChain with two basechain shards: accounts placed by their first address bit. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { external, internal, loadShardStateUnsplit, toNano } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { LocalChain } from './local-chain';
import { fromTreasury, keys } from '../../../../test/integration/localnet/localnet-harness';

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
