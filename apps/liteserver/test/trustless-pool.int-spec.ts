import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address } from '@ton/core';
import { ErrorCode, TonApiError } from '@app/contracts';
import { type LiteserverPoolService } from '@app/liteclient';
import { findShardAccount, type ProofBlockId } from '@app/ton';
import { type Registry } from 'prom-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import {
  closePoolsAndLocalnet,
  startVerifyingPool,
  suitePools,
  unverifiedByReason,
  zeroStateAnchor,
} from './lying-pool.support';

async function unverifiedTotal(registry: Registry): Promise<number> {
  return [...(await unverifiedByReason(registry)).values()].reduce((sum, n) => sum + n, 0);
}

void describe('the pool verifies answers from the anchor: 3 local liteservers, some lying', () => {
  let localnet: Localnet;
  let anchor: ProofBlockId;
  /** A basechain account (a treasury of the local chain): read through the shard proof. */
  let account: Address;
  const { pools, startPool, lie } = suitePools(
    () => localnet,
    () => anchor,
  );

  const accountRead = (pool: LiteserverPoolService) =>
    pool.execute('getAddressBalance', async (client) => {
      const info = await client.getMasterchainInfo();
      return client.getAccountState(account, info.last);
    });

  before(async () => {
    localnet = await startLocalnet({ seed: 'none', mode: 'manual', liteservers: 3 });
    const treasury = await localnet.chain.blockchain.treasury('trustless-pool');
    account = treasury.address;
    for (let i = 0; i < 4; i++) {
      await localnet.producer.sealNow();
    }
    anchor = zeroStateAnchor(localnet);
  });

  after(() => closePoolsAndLocalnet(pools, localnet));

  void it('with 2 of 3 lying: the head and the account state are the honest ones, liars unhealthy', async () => {
    lie([1, 2]);
    const { pool, registry } = await startPool();
    const head = localnet.chain.head();
    const info = await pool.masterchainInfo();
    assert.equal(info.server, 0);
    assert.equal(info.value.last.seqno, head.id.seqno);
    assert.deepEqual(info.value.last.rootHash, head.id.rootHash);
    assert.equal(pool.verifiedHead()?.seqno, head.id.seqno);
    assert.deepEqual(
      pool.health().map((h) => h.alive),
      [true, false, false],
    );
    assert.ok((await unverifiedTotal(registry)) >= 2);

    const expected = findShardAccount(
      localnet.chain.accountBlockAt(head.id.seqno, account).state,
      account.hash,
    ).account;
    assert.ok(expected);
    for (let i = 0; i < 3; i++) {
      const read = await accountRead(pool);
      assert.equal(read.server, 0);
      assert.deepEqual(read.value.raw, expected.cell.toBoc({ idx: false, crc32: false }));
      assert.equal(read.value.lastTx?.lt, expected.lastTransLt);
    }
  });

  void it('a liar announcing a head it has no header of is counted unverified by a pool checking the network', async () => {
    lie([1]);
    const { pool, registry } = await startVerifyingPool(
      localnet,
      anchor,
      pools,
      3,
      undefined,
      anchor,
    );
    assert.deepEqual(
      pool.health().map((h) => h.alive),
      [true, false, true],
    );
    assert.ok(((await unverifiedByReason(registry)).get('block_header') ?? 0) >= 1);
    const info = await pool.masterchainInfo();
    assert.equal(info.value.last.seqno, localnet.chain.head().id.seqno);
  });

  void it('liars a request asks first cost it no attempt: with 1 attempt, the honest one still answers', async () => {
    // Each pool starts with the same history, so its first pick is the same index; with every
    // index honest once, the first pick is a liar in two of the three rounds.
    for (const honest of [0, 1, 2]) {
      lie([]);
      const { pool } = await startPool(1);
      lie([0, 1, 2].filter((i) => i !== honest));
      const read = await accountRead(pool);
      assert.equal(read.server, honest, `honest ${String(honest)}`);
      pool.close();
    }
  });

  void it('refuses the proven answer of an older block than the one asked (stale liteservers)', async () => {
    localnet.liteservers.forEach((ls, i) => {
      ls.setFault({ mode: i === 0 ? 'none' : 'stale' });
    });
    const { pool, registry } = await startPool();
    const head = localnet.chain.head();
    const expected = findShardAccount(
      localnet.chain.accountBlockAt(head.id.seqno, account).state,
      account.hash,
    ).account;
    assert.ok(expected);
    const before = await unverifiedTotal(registry);
    for (let i = 0; i < 3; i++) {
      const read = await accountRead(pool);
      assert.equal(read.server, 0);
      assert.deepEqual(read.value.raw, expected.cell.toBoc({ idx: false, crc32: false }));
    }
    assert.ok((await unverifiedTotal(registry)) > before, 'the stale answers were refused');
    localnet.liteservers.forEach((ls) => {
      ls.setFault({ mode: 'stale' });
    });
    // A new head, so that no answer the client keeps for the previous one is reused.
    await localnet.producer.sealNow();
    await pool.probe();
    await assert.rejects(accountRead(pool), (e: unknown) => {
      assert.ok(e instanceof TonApiError);
      assert.match(e.message, /account_state/);
      return true;
    });
  });

  void it('with all 3 lying: errors naming the failed proof, never a forged value', async () => {
    lie([0, 1, 2]);
    const { pool, registry } = await startPool();
    assert.equal(pool.isServing(), false);
    await assert.rejects(pool.masterchainInfo(), (e: unknown) => {
      assert.ok(e instanceof TonApiError);
      assert.ok([ErrorCode.LITESERVER_UNAVAILABLE].includes(e.code as never));
      return true;
    });
    await assert.rejects(accountRead(pool), TonApiError);
    assert.ok((await unverifiedTotal(registry)) >= 3);
    assert.equal(pool.verifiedHead()?.seqno ?? 0, 0);
  });

  void it('takes a liar back once it tells the truth and its head is proven', async () => {
    lie([1, 2]);
    const { pool } = await startPool();
    lie([]);
    await pool.probe();
    assert.deepEqual(
      pool.health().map((h) => h.alive),
      [true, true, true],
    );
  });
});
