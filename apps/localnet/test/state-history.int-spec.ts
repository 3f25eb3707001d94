import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { Cell, loadTransaction, toNano } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { LiteClient, type LiteSingleEngine } from 'ton-lite-client';
import { Functions } from 'ton-lite-client/dist/schema';

import type { StoredBlock } from '../src/chain/chain-reader';
import { LocalChain } from '../src/chain/local-chain';
import { BlockNotKeptError, StateNotKeptError } from '../src/chain/state-retention';
import { toTlBlockId } from '../src/lite-api/block-id';
import { startLiteServers } from '../src/liteserver';
import { engineFor, keys } from '../../../test/integration/support/localnet-harness';
import { fromTreasury } from '../../../test/integration/support/treasury-message';

const KEPT = 4;

/**
 * A wallet funded in masterchain block 1, a key block 2 (a config change), then `after` more blocks,
 * with one liteserver and a ton-lite-client engine on it.
 */
async function historyChain(
  options: { stateHistory?: number; blockHistory?: number },
  label: string,
  after: number,
) {
  const wallet = WalletContractV4.create({ workchain: 0, publicKey: keys(label).publicKey });
  const chain = await LocalChain.create({ ...options, startTime: 1_700_000_000 });
  const treasury = await chain.blockchain.treasury(label);
  chain.submit(fromTreasury(treasury.address, wallet.address, toNano('3')));
  const fundedAt = await chain.seal();
  const funding = chain.accountBlockAt(fundedAt.id.seqno, wallet.address).transactions[0];
  assert.ok(funding);
  chain.setBaseConfig(chain.config(0));
  const keyBlock = await chain.seal();
  for (let i = 0; i < after; i++) {
    await chain.seal();
  }
  const nodes = await startLiteServers(chain, { count: 1 });
  const engine = await engineFor(nodes[0]!);
  return {
    wallet,
    chain,
    fundedAt,
    fundingLt: funding.lt,
    keyBlock,
    engine,
    close: async (): Promise<void> => {
      engine.close();
      await Promise.all(nodes.map((n) => n.close()));
      chain.close();
    },
  };
}

void describe('a local chain that keeps the states of its last 4 masterchain blocks', () => {
  let sut: Awaited<ReturnType<typeof historyChain>>;
  let wallet: WalletContractV4;
  let chain: LocalChain;
  let fundedAt: StoredBlock;
  let keyBlock: StoredBlock;
  let engine: LiteSingleEngine;
  let client: LiteClient;

  before(async () => {
    sut = await historyChain({ stateHistory: KEPT }, 'state-history', 2 * KEPT);
    ({ wallet, chain, fundedAt, keyBlock, engine } = sut);
    client = new LiteClient({ engine });
  });

  after(async () => {
    await sut.close();
  });

  void it('keeps the states of the last 4 masterchain blocks, their shard tops and key blocks', () => {
    const head = chain.head().id.seqno;
    assert.equal(head, 2 + 2 * KEPT);
    assert.equal(keyBlock.isKeyBlock, true);
    assert.equal(keyBlock.id.seqno, 2);
    for (let s = 0; s <= head; s++) {
      const mc = chain.masterchainBlock(s);
      assert.ok(mc);
      const [top] = chain.shardTopsAt(s);
      assert.ok(top);
      const recent = s > head - KEPT;
      // The zero state and key blocks keep theirs: forward block proofs start from them.
      for (const [b, kept] of [
        [mc, recent || mc.isKeyBlock],
        [top, recent || s === 0],
      ] as const) {
        if (kept) {
          assert.ok(b.state instanceof Cell, `state of ${b.id.workchain}:${b.id.seqno}`);
        } else {
          assert.throws(() => b.state, StateNotKeptError);
        }
      }
    }
  });

  void it("answers reads of a forgotten state as a pruned C++ node does: state already gc'd", async () => {
    // Account reads prove the shard block through the masterchain state first: that is what is missing.
    const old = toTlBlockId(fundedAt.id);
    const hex = (b: Buffer): string => b.toString('hex').toUpperCase();
    const gone = {
      message:
        `cannot load state for (-1,8000000000000000,${String(fundedAt.id.seqno)}):` +
        `${hex(fundedAt.id.rootHash)}:${hex(fundedAt.id.fileHash)} : state already gc'd ` +
        `(this local network keeps the states of its last ${String(KEPT)} masterchain blocks and of its key blocks)`,
    };
    await assert.rejects(client.getAccountState(wallet.address, old), gone);
    await assert.rejects(client.runMethod(wallet.address, 'seqno', Buffer.alloc(0), old), gone);
    await assert.rejects(client.getConfig(old), gone);
  });

  void it('proves the head from the zero state and from the old key block', async () => {
    const head = chain.head();
    for (const known of [chain.zeroState(), keyBlock]) {
      const proof = await engine.query(Functions.liteServer_getBlockProof, {
        kind: 'liteServer.getBlockProof',
        mode: 1,
        knownBlock: toTlBlockId(known.id),
        targetBlock: toTlBlockId(head.id),
      });
      assert.equal(proof.complete, true);
      assert.equal(proof.steps.length, 1);
      const [step] = proof.steps;
      assert.equal(step?.kind, 'liteServer.blockLinkForward');
      assert.equal(step.from.seqno, known.id.seqno);
      assert.equal(step.to.seqno, head.id.seqno);
    }
  });

  void it('still serves the old blocks themselves and their transactions', async () => {
    const block = await engine.query(Functions.liteServer_getBlock, {
      kind: 'liteServer.getBlock',
      id: toTlBlockId(fundedAt.id),
    });
    assert.deepEqual(Cell.fromBoc(block.data)[0]?.hash(), fundedAt.id.rootHash);
    const funding = chain.accountBlockAt(fundedAt.id.seqno, wallet.address).transactions[0];
    assert.ok(funding);
    const txs = await client.getAccountTransactions(
      wallet.address,
      funding.lt.toString(),
      funding.hash,
      1,
    );
    const [tx] = Cell.fromBoc(txs.transactions).map((c) => loadTransaction(c.beginParse()));
    assert.equal(tx?.lt, funding.lt);
    assert.deepEqual(tx.hash(), funding.hash);
  });

  void it('reads the account at the oldest kept block as it was then', async () => {
    const oldest = chain.masterchainBlock(chain.head().id.seqno - KEPT + 1);
    assert.ok(oldest);
    const sut = await client.getAccountState(wallet.address, toTlBlockId(oldest.id));
    assert.equal(sut.state?.storage.state.type, 'uninit');
    // Funded once and never touched since: no transaction has charged storage yet.
    assert.equal(sut.balance.coins, toNano('3'));
  });
});

void describe('state history with two basechain shards', () => {
  void it('keeps each shard top of the kept masterchain blocks, and only those', async () => {
    const chain = await LocalChain.create({ shards: 2, stateHistory: 3, startTime: 1_700_000_000 });
    try {
      for (let i = 0; i < 8; i++) {
        await chain.seal();
      }
      const head = chain.head().id.seqno;
      const keptTops = new Set<string>();
      for (let s = head - 2; s <= head; s++) {
        for (const top of chain.shardTopsAt(s)) {
          keptTops.add(`${top.id.shard.toString(16)}:${String(top.id.seqno)}`);
          assert.ok(top.state instanceof Cell);
        }
      }
      assert.equal(keptTops.size, 6, 'three blocks of each of the two shards');
      for (const shard of [0x4000000000000000n, 0xc000000000000000n]) {
        for (let seqno = 1; seqno <= head; seqno++) {
          const block = chain.block(0, shard, seqno);
          assert.ok(block);
          if (keptTops.has(`${shard.toString(16)}:${String(seqno)}`)) {
            assert.ok(block.state instanceof Cell);
          } else {
            assert.throws(() => block.state, StateNotKeptError);
          }
        }
      }
    } finally {
      chain.close();
    }
  });
});

void describe('a local chain that keeps the contents of its last 3 masterchain blocks', () => {
  let sut: Awaited<ReturnType<typeof historyChain>>;
  let wallet: WalletContractV4;
  let chain: LocalChain;
  let fundedAt: StoredBlock;
  let keyBlock: StoredBlock;
  let fundingLt: bigint;
  let engine: LiteSingleEngine;

  before(async () => {
    sut = await historyChain({ blockHistory: 3 }, 'block-history', 6);
    ({ wallet, chain, fundedAt, keyBlock, fundingLt, engine } = sut);
  });

  after(async () => {
    await sut.close();
  });

  const getBlock = (b: StoredBlock) =>
    engine.query(Functions.liteServer_getBlock, {
      kind: 'liteServer.getBlock',
      id: toTlBlockId(b.id),
    });

  void it('answers an older block as not in db, keeping its id for lookups', async () => {
    const funding = chain.shardTopsAt(fundedAt.id.seqno)[0];
    const mc = chain.lookup(-1, 0x8000000000000000n, { seqno: 1 });
    assert.ok(funding && mc);
    assert.deepEqual(mc.id, fundedAt.id);
    assert.equal(mc.endLt, fundedAt.endLt);
    assert.throws(() => funding.transactions, BlockNotKeptError);
    assert.throws(() => mc.block, BlockNotKeptError);
    assert.throws(() => mc.blockBoc, BlockNotKeptError);
    assert.throws(() => mc.state, StateNotKeptError);
    await assert.rejects(getBlock(fundedAt), {
      message:
        'block (-1,8000000000000000,1) is not in db (this local network keeps its last 3 masterchain blocks and its key blocks)',
    });
    await assert.rejects(getBlock(funding), {
      message:
        'block (0,8000000000000000,1) is not in db (this local network keeps its last 3 masterchain blocks and its key blocks)',
    });
  });

  void it('forgets the transactions of the dropped blocks', () => {
    const head = chain.head().id.seqno;
    for (let s = 1; s <= head; s++) {
      const [top] = chain.shardTopsAt(s);
      assert.ok(top);
      if (s > head - 3) {
        for (const tx of top.transactions) {
          assert.equal(chain.transaction(tx.address, tx.lt)?.tx.lt, tx.lt);
        }
      }
    }
    assert.equal(chain.transaction(wallet.address, fundingLt), undefined);
  });

  void it('keeps the key block and the last 3 blocks whole', async () => {
    for (const b of [keyBlock, chain.head(), chain.masterchainBlock(chain.head().id.seqno - 2)]) {
      assert.ok(b);
      const answer = await getBlock(b);
      assert.deepEqual(Cell.fromBoc(answer.data)[0]?.hash(), b.id.rootHash);
      assert.ok(b.state instanceof Cell);
    }
  });
});
