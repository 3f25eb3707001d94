import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Address, Cell, toNano } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { type LiteSingleEngine } from 'ton-lite-client';
import { Functions } from 'ton-lite-client/dist/schema';
import { type BlockIdExt, BlockNotKeptError, type StoredSimplexCertificate } from '../src/chain';
import { toTlBlockId } from '../src/lite-api/block-id';
import { type Localnet, startLocalnet } from '../src/localnet';
import {
  engineFor,
  fromTreasury,
  transferCell,
} from '../../../test/integration/support/localnet-harness';

/** Masterchain blocks the chain keeps (--block-history), and blocks between snapshots. */
const KEPT = 12;
const INTERVAL = 5;
const SOURCE = Address.parse(`0:${'5a'.repeat(32)}`);
const SEQNO_METHOD = 85143; // crc16("seqno") | 0x10000

function start(dir: string): Promise<Localnet> {
  return startLocalnet({
    seed: 'genesis',
    mode: 'manual',
    wallClock: true,
    shards: 2,
    blockHistory: KEPT,
    stateHistory: KEPT,
    snapshotInterval: INTERVAL,
    dataDir: dir,
    // Simplex certificates are kept in snapshots with the blocks they finalize.
    signatures: 'simplex',
  });
}

/** Root hashes (base64) of the masterchain blocks the history keeps and of their shard tops. */
function keptHashes(localnet: Localnet): Map<string, string> {
  const out = new Map<string, string>();
  const head = localnet.chain.head().id.seqno;
  for (let s = head - KEPT + 1; s <= head; s++) {
    const mc = localnet.chain.masterchainBlock(s);
    assert.ok(mc, `masterchain block ${String(s)} is held`);
    out.set(`mc:${String(s)}`, mc.id.rootHash.toString('base64'));
    for (const top of localnet.chain.shardTopsAt(s)) {
      out.set(
        `${top.id.shard.toString(16)}:${String(top.id.seqno)}`,
        top.id.rootHash.toString('base64'),
      );
    }
  }
  return out;
}

interface DirShape {
  readonly snapshots: number[];
  readonly segments: string[];
  readonly journalLines: number;
  readonly bytes: number;
}

function shape(dir: string): DirShape {
  const names = readdirSync(dir);
  const segments = names.filter((n) => /^chain(-\d+)?\.jsonl$/.test(n));
  return {
    snapshots: names
      .map((n) => /^snapshot-(\d+)\.json$/.exec(n)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b),
    segments,
    // Records only: each segment starts with the chain's header line.
    journalLines: segments.reduce(
      (n, s) => n + readFileSync(join(dir, s), 'utf8').split('\n').length - 2,
      0,
    ),
    bytes: names.reduce((n, f) => n + statSync(join(dir, f)).size, 0),
  };
}

function getBlock(engine: LiteSingleEngine, id: BlockIdExt): Promise<{ data: Buffer }> {
  return engine.query(Functions.liteServer_getBlock, {
    kind: 'liteServer.getBlock',
    id: toTlBlockId(id),
  });
}

async function sealUntil(localnet: Localnet, seqno: number): Promise<void> {
  while (localnet.chain.head().id.seqno < seqno) {
    await localnet.chain.seal();
  }
}

void describe('localnet: the kept chain is bounded by the history (snapshots, compaction)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-compaction-'));
  const keys = keyPairFromSeed(createHash('sha256').update('compaction-wallet').digest());
  const wallet = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
  let seqnoOfWallet = 0;
  let keyBlock = 0;
  let hashes = new Map<string, string>();
  let head = 0;
  let walletBalance = 0n;
  let shapeAfterFirstRun: DirShape | undefined;
  let droppedId: BlockIdExt | undefined;
  let keyBlockId: BlockIdExt | undefined;
  let keyBlockSimplex: StoredSimplexCertificate | undefined;

  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  void it('runs past several compaction points; a restart resumes from a snapshot with the same blocks and states', async () => {
    const first = await start(dir);
    try {
      first.chain.submit(fromTreasury(SOURCE, wallet.address, toNano('10')));
      await first.chain.settle();
      // A key block early on: kept for good, before every snapshot the restart uses.
      first.chain.setBaseConfig(first.chain.config(0));
      keyBlock = (await first.chain.seal()).id.seqno;
      // A wallet transfer sealed in a block that is snapshotted: its outgoing message is still
      // queued for the next block when the snapshot is taken.
      for (let round = 0; round < 6; round++) {
        const at = Math.ceil((first.chain.head().id.seqno + 2) / INTERVAL) * INTERVAL;
        await sealUntil(first, at - 1);
        await first.chain.sendMessage(
          transferCell(wallet, keys, seqnoOfWallet, SOURCE, toNano('0.1'), true),
        );
        seqnoOfWallet++;
        await first.chain.seal();
        assert.equal(first.chain.head().id.seqno, at);
        assert.equal(first.chain.pending, 1, 'the transfer is queued past the snapshot');
      }
      await sealUntil(first, first.chain.head().id.seqno + 3);
      head = first.chain.head().id.seqno;
      hashes = keptHashes(first);
      walletBalance = (await first.chain.blockchain.getContract(wallet.address)).balance;
      const old = first.chain.masterchainBlock(head - KEPT - INTERVAL * 2);
      assert.throws(() => old?.block, BlockNotKeptError, 'the history dropped it already');
      assert.ok(old);
      droppedId = old.id;
      keyBlockId = first.chain.masterchainBlock(keyBlock)?.id;
      keyBlockSimplex = first.chain.masterchainBlock(keyBlock)?.simplex;
      assert.ok(keyBlockSimplex);
      // What a liteserver answers for a block the history dropped, before the restart.
      const engine = await engineFor(first.liteservers[0]!);
      try {
        await assert.rejects(getBlock(engine, droppedId), {
          message: `block (-1,8000000000000000,${String(droppedId.seqno)}) is not in db (this local network keeps its last ${String(KEPT)} masterchain blocks and its key blocks)`,
        });
      } finally {
        engine.close();
      }
    } finally {
      await first.stop();
    }
    shapeAfterFirstRun = shape(dir);
    assert.ok(head > 4 * KEPT, `the chain (${String(head)} blocks) outlived its history`);
    // Compacted: the oldest snapshot kept still covers the history, none older is kept.
    const [base] = shapeAfterFirstRun.snapshots;
    assert.ok(
      base !== undefined && base <= head - KEPT + 1 && base > head - KEPT + 1 - 2 * INTERVAL,
    );
    assert.equal(shapeAfterFirstRun.segments.includes('chain.jsonl'), false);
    assert.equal(shapeAfterFirstRun.journalLines, head - base);
    const snapshot = JSON.parse(
      readFileSync(
        join(dir, `snapshot-${String(shapeAfterFirstRun.snapshots.at(-1))}.json`),
        'utf8',
      ),
    ) as { queue: unknown[]; keyBlocks: unknown[] };
    assert.equal(snapshot.keyBlocks.length, 1);

    const second = await start(dir);
    try {
      assert.equal(second.chain.head().id.seqno, head);
      assert.deepEqual(keptHashes(second), hashes);
      const walletNow = await second.chain.blockchain.getContract(wallet.address);
      assert.equal(walletNow.balance, walletBalance);
      const got = await second.chain.runGetMethod(head, wallet.address, SEQNO_METHOD, []);
      assert.deepEqual(got.stack, [{ type: 'int', value: BigInt(seqnoOfWallet) }]);
      // The key block stays whole; blocks before the snapshot are not held, as past the history.
      assert.equal(second.chain.masterchainBlock(keyBlock)?.isKeyBlock, true);
      assert.ok(second.chain.masterchainBlock(keyBlock)?.block);
      assert.deepEqual(second.chain.masterchainBlock(keyBlock)?.simplex, keyBlockSimplex);
      assert.equal(second.chain.masterchainBlock(base - 1), undefined);
      assert.equal(second.chain.masterchainBlock(head - KEPT - INTERVAL * 2), undefined);
      // The liteserver: the dropped block is still not served (the same lite_api code 651, worded
      // as for any block it does not have); the key block is served whole; a kept one too.
      const engine = await engineFor(second.liteservers[0]!);
      try {
        assert.ok(keyBlockId);
        await assert.rejects(getBlock(engine, droppedId), {
          message: `block not found: (-1,8000000000000000,${String(droppedId.seqno)})`,
        });
        const key = await getBlock(engine, keyBlockId);
        assert.deepEqual(Cell.fromBoc(key.data)[0]?.hash(), keyBlockId.rootHash);
        const kept = second.chain.masterchainBlock(head - KEPT + 1);
        assert.ok(kept);
        const answer = await getBlock(engine, kept.id);
        assert.deepEqual(Cell.fromBoc(answer.data)[0]?.hash(), kept.id.rootHash);
      } finally {
        engine.close();
      }
      // It goes on: the queued transfer of the last snapshot was delivered; new blocks follow on.
      const next = await second.chain.seal();
      assert.equal(next.id.seqno, head + 1);
      assert.equal(next.prev[0]?.rootHash.toString('base64'), hashes.get(`mc:${String(head)}`));
      await second.chain.sendMessage(
        transferCell(wallet, keys, seqnoOfWallet, SOURCE, toNano('0.1'), true),
      );
      seqnoOfWallet++;
      await second.chain.settle();
      await sealUntil(second, head + 8 * KEPT);
      head = second.chain.head().id.seqno;
      hashes = keptHashes(second);
    } finally {
      await second.stop();
    }
  });

  void it('keeps the directory bounded: the same files and journal length after many more blocks', () => {
    const now = shape(dir);
    assert.ok(shapeAfterFirstRun);
    assert.ok(now.snapshots.length <= 1 + Math.ceil((KEPT + INTERVAL) / INTERVAL));
    assert.ok(now.segments.length <= now.snapshots.length + 1);
    assert.ok(now.journalLines < KEPT + 2 * INTERVAL, `${String(now.journalLines)} records`);
    // What still grows is the masterchain state's OldMcBlocksInfo (one entry per block, as on
    // every TON chain): far less than the blocks themselves.
    const perBlock = (now.bytes - shapeAfterFirstRun.bytes) / (8 * KEPT);
    assert.ok(perBlock < 2_000, `${String(perBlock)} bytes per block`);
  });

  void it('a torn last journal line (a crash mid-append) is cut off; the chain resumes', async () => {
    const segmentStart = (name: string): number => Number(/-(\d+)\./.exec(name)?.[1] ?? 1);
    const last = shape(dir)
      .segments.sort((a, b) => segmentStart(a) - segmentStart(b))
      .at(-1);
    assert.ok(last);
    appendFileSync(join(dir, last), '{"seqno":99999,"genUt');
    const third = await start(dir);
    try {
      assert.equal(third.chain.head().id.seqno, head);
      assert.deepEqual(keptHashes(third), hashes);
    } finally {
      await third.stop();
    }
    assert.equal(readFileSync(join(dir, last), 'utf8').endsWith('}\n'), true);
  });
});
