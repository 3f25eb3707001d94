import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { beginCell, toNano } from '@ton/core';

import { BlockProducer } from './block-producer';
import { LocalChain } from './local-chain';

void describe(BlockProducer.name, () => {
  void it('seals on a timer', async () => {
    const chain = await LocalChain.create();
    const sut = new BlockProducer(chain, { mode: 'timer', intervalMs: 20 });
    sut.start();
    assert.equal(await chain.waitForMasterchainSeqno(3, 5000), true);
    await sut.stop();
    const reached = chain.head().id.seqno;
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(chain.head().id.seqno, reached);
    assert.ok(sut.stats.seals >= 3);
    chain.close();
  });

  void it('seals after each submitted message until the trace is settled in deterministic mode', async () => {
    const chain = await LocalChain.create();
    const treasury = await chain.blockchain.treasury('producer');
    const sut = new BlockProducer(chain, { mode: 'deterministic' });
    sut.start();
    const other = await chain.blockchain.treasury('producer-2');
    chain.submit({
      info: {
        type: 'internal',
        ihrDisabled: true,
        bounce: true,
        bounced: false,
        src: treasury.address,
        dest: other.address,
        value: { coins: toNano('1') },
        ihrFee: 0n,
        forwardFee: 0n,
        createdLt: 0n,
        createdAt: 0,
      },
      body: beginCell().endCell(),
    });
    await sut.idle();
    assert.equal(chain.pending, 0);
    assert.equal(chain.head().id.seqno, 1);
    assert.equal(chain.shardTopsAt(1)[0]?.transactions.length, 1);
    await sut.stop();
    chain.close();
  });

  void it('seals on demand only in manual mode', async () => {
    const chain = await LocalChain.create();
    const sut = new BlockProducer(chain, { mode: 'manual' });
    sut.start();
    const b = await sut.sealNow();
    assert.equal(b.id.seqno, 1);
    assert.equal(sut.stats.seals, 1);
    await sut.stop();
    chain.close();
  });
});
