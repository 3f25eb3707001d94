/**
 * validator.hardforks of the global config on the local network: a config that lists a later key
 * block as a hard fork makes the pools start from it (a kept key block proven before the config
 * listed it is dropped), the head is proven from it, and the chain verifier never proves forward
 * across it from an older key block.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LiteserverMetrics, createMetricsRegistry } from '@app/observability';
import {
  AdnlLiteEngine,
  ChainVerifier,
  KeyBlockFile,
  LiteserverPoolService,
  liteserverTrust,
} from '@app/liteclient';
import { parseTrustAnchor } from '@app/ton';
import { type TLFunction } from 'ton-tl';
import {
  type BlockIdExt,
  globalConfigJson,
  type Localnet,
  renderGlobalConfig,
  startLocalnet,
} from '@app/localnet';
import { waitFor } from '@app/testing';
import { proofId, sealKeyBlock } from './lying-pool.support';

/** An engine that notes the known block of every liteServer.getBlockProof it sends. */
class ProofStartsEngine extends AdnlLiteEngine {
  readonly knownSeqnos: number[] = [];

  override query<REQ, RES>(
    f: TLFunction<REQ, RES>,
    req: REQ,
    args?: { timeout?: number; awaitSeqno?: number },
  ): Promise<RES> {
    const request = req as { kind?: string; knownBlock?: { seqno: number } };
    if (request.kind === 'liteServer.getBlockProof' && request.knownBlock) {
      this.knownSeqnos.push(request.knownBlock.seqno);
    }
    return super.query(f, req, args);
  }
}

void describe('hard forks listed in the global config (local network)', () => {
  let localnet: Localnet;
  let zeroState: BlockIdExt;
  /** Key blocks: one before the listed hard fork, the hard fork, one after it. */
  let early: BlockIdExt;
  let fork: BlockIdExt;
  let later: BlockIdExt;
  const dirs: string[] = [];
  const closers: (() => void)[] = [];

  const keyBlock = (): Promise<BlockIdExt> => sealKeyBlock(localnet);

  async function seal(blocks: number): Promise<void> {
    for (let i = 0; i < blocks; i++) {
      await localnet.producer.sealNow();
    }
  }

  /** The local network's global config, listing `hardforks`, as a service reads it. */
  function config(hardforks: readonly BlockIdExt[]): unknown {
    const endpoints = localnet.liteservers.map((ls) => ls.endpoint);
    return JSON.parse(
      globalConfigJson(renderGlobalConfig(endpoints, zeroState, zeroState, hardforks)),
    );
  }

  before(async () => {
    localnet = await startLocalnet({ seed: 'none', mode: 'manual', liteservers: 1 });
    zeroState = localnet.chain.zeroState().id;
    await seal(2);
    early = await keyBlock();
    await seal(2);
    fork = await keyBlock();
    await seal(3);
    later = await keyBlock();
    await seal(2);
  });

  after(async () => {
    for (const close of closers) {
      close();
    }
    await localnet.stop();
    for (const dir of dirs) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it('drops a key block kept before the hard fork was listed, starts from it, and proves the head', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trustless-hardfork-'));
    dirs.push(dir);
    // Kept by a run whose config listed no hard fork: after the fork's seqno, but not trusted now.
    new KeyBlockFile(dir, parseTrustAnchor(config([]))).save(proofId(later));

    const logged: Record<string, unknown>[] = [];
    const trust = liteserverTrust(config([fork]), {
      verify: true,
      trustDir: dir,
      log: (fields) => logged.push(fields),
    });
    assert.deepEqual(logged, [
      {
        verify: true,
        from: 'global config',
        seqno: fork.seqno,
        rootHash: fork.rootHash.toString('hex'),
        file: join(dir, `key-block-${zeroState.rootHash.toString('hex').slice(0, 16)}.json`),
        hardforks: 1,
        ignored: `it was proven before the hard fork at seqno ${String(fork.seqno)} (with 0 hard forks listed, the config lists 1)`,
      },
    ]);
    assert.ok(trust.chain);
    assert.deepEqual(trust.chain.trustedKeyBlock, proofId(fork));

    const registry = createMetricsRegistry({ defaultMetrics: false });
    const pool = new LiteserverPoolService(
      localnet.liteservers.map((ls) => ls.endpoint),
      { timeoutMs: 2000, attempts: 1, probeIntervalMs: 3_600_000, ...trust },
      new LiteserverMetrics(registry),
      registry,
    );
    closers.push(() => {
      pool.close();
    });
    await pool.onModuleInit();
    await waitFor(() => pool.health().every((h) => h.connected), 'connected', 8000);
    await pool.probe();

    const head = localnet.chain.head().id;
    assert.deepEqual(pool.verifiedHead(), proofId(head));
    const info = await pool.masterchainInfo();
    assert.equal(info.value.last.seqno, head.seqno);
    // A key block made now is proven as the next head and replaces the dropped file, with the fork
    // counted (the local liteserver links the known key block straight to the target).
    const newest = await keyBlock();
    await pool.probe();
    assert.deepEqual(pool.verifiedHead(), proofId(newest));
    const kept = JSON.parse(readFileSync(String(logged[0]?.file), 'utf8')) as {
      key_block: { seqno: number; root_hash: string };
      vert_seqno: number;
    };
    assert.deepEqual(
      [kept.key_block.seqno, kept.key_block.root_hash, kept.vert_seqno],
      [newest.seqno, newest.rootHash.toString('base64'), 1],
    );
  });

  void it('never proves forward across the hard fork from an older key block', async () => {
    const [server] = localnet.liteservers;
    assert.ok(server);
    const engine = new ProofStartsEngine({ ...server.endpoint, reconnectMs: 100 });
    closers.push(() => {
      engine.close();
    });
    await waitFor(() => engine.isReady(), 'engine connected', 8000);
    const head = proofId(localnet.chain.head().id);

    // Trusting a key block from before the fork (an init block not moved on): the proof starts at
    // the hard fork, not at the older key block.
    const forked = new ChainVerifier(proofId(early), undefined, [proofId(fork)]);
    await forked.verifyMasterchainBlock(engine, head);
    assert.equal(forked.isVerified(head), true);
    assert.equal(engine.knownSeqnos[0], fork.seqno);

    // Without the hard fork listed the same verifier would have started at the older key block.
    engine.knownSeqnos.length = 0;
    const unforked = new ChainVerifier(proofId(early));
    await unforked.verifyMasterchainBlock(engine, head);
    assert.equal(engine.knownSeqnos[0], early.seqno);

    // An older block, before the fork: proven backward from the head, across the fork.
    engine.knownSeqnos.length = 0;
    const older = localnet.chain.masterchainBlock(early.seqno - 1);
    assert.ok(older);
    const before = proofId(older.id);
    await forked.verifyMasterchainBlock(engine, before);
    assert.equal(forked.isVerified(before), true);
    assert.equal(engine.knownSeqnos[0], head.seqno);
  });
});
