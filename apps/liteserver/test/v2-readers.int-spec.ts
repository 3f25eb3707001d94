import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, TonApiError } from '@app/contracts';
import { type LiteserverPool, LiteserverPoolService } from '@app/liteclient';
import { LiteserverMetrics, createMetricsRegistry } from '@app/observability';
import { methodIdOf } from '@app/ton';
import { Address, serializeTuple } from '@ton/core';
import { type Registry } from 'prom-client';
import { GenesisAccount, type Localnet, startLocalnet } from '@app/localnet';
import { AccountReader } from '../src/v2/account.service';
import { AccountsReader } from '../src/v2/accounts/accounts.service';
import { BlocksReader } from '../src/v2/blocks/blocks.service';
import { ConfigReader } from '../src/v2/methods/config.reader';
import { GetMethodRunner } from '../src/v2/methods/get-method.runner';
import { TransactionsReader } from '../src/v2/transactions/transactions.service';
import { cacheLookups, queries } from './pool-metrics';

const SHARD_ALL = '-9223372036854775808';
const EMPTY_STACK = serializeTuple([]).toBoc({ idx: false }).toString('base64');

/** The liteserver service's v2 readers over one pool, each with fresh caches. */
function readersOf(pool: LiteserverPool) {
  return {
    account: new AccountReader(pool),
    accounts: new AccountsReader(pool),
    blocks: new BlocksReader(pool),
    transactions: new TransactionsReader(pool),
    runner: new GetMethodRunner(pool),
    config: new ConfigReader(pool),
  };
}
type Readers = ReturnType<typeof readersOf>;

/** A read pinned to a masterchain seqno, by the pool method name its queries are counted under. */
interface PinnedRead {
  readonly method: string;
  readonly read: (readers: Readers, seqno: number) => Promise<unknown>;
}

/**
 * The v2 readers of apps/liteserver against a two-liteserver localnet: answers fixed by a
 * block or transaction id are served from the pool's cache the second time, head reads never are;
 * every read at a masterchain seqno passes it to the pool, so a liteserver lagging the head serves
 * the seqnos it has while head reads avoid it.
 */
describe('v2 readers: immutable answers cache and seqno routing', () => {
  let localnet: Localnet;
  let head: number;
  let registry: Registry;
  let lsMetrics: LiteserverMetrics;
  let pool: LiteserverPoolService;

  const raw = (name: string): string => {
    const found = localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found.address.toRawString();
  };

  /** Every reader that takes a masterchain seqno, with the pool method its queries count under. */
  const pinnedReads = (): PinnedRead[] => {
    const wallet = raw(GenesisAccount.walletV4r2);
    const minter = raw(GenesisAccount.jettonMinter);
    return [
      {
        method: 'getAddressInformation',
        read: (r, seqno) => r.account.addressInformation({ address: wallet, seqno }),
      },
      {
        method: 'getWalletInformation',
        read: (r, seqno) => r.accounts.walletInformation({ address: wallet, seqno }),
      },
      {
        method: 'getExtendedAddressInformation',
        read: (r, seqno) => r.accounts.extendedAddressInformation({ address: wallet, seqno }),
      },
      {
        method: 'getTokenData',
        read: (r, seqno) => r.accounts.tokenData({ address: minter, given_address: minter, seqno }),
      },
      {
        method: 'runGetMethod',
        read: (r, seqno) =>
          r.runner.runLegacy({
            address: wallet,
            methodId: methodIdOf('seqno'),
            stack: EMPTY_STACK,
            seqno,
          }),
      },
      {
        method: 'getConfigParam',
        read: (r, seqno) => r.config.configParam({ configId: 34, seqno }),
      },
      { method: 'getConfigAll', read: (r, seqno) => r.config.configAll({ seqno }) },
      { method: 'getShards', read: (r, seqno) => r.blocks.shards({ seqno }) },
      {
        method: 'getBlockHeader',
        read: (r, seqno) => r.blocks.blockHeader({ workchain: -1, shard: SHARD_ALL, seqno }),
      },
      {
        method: 'lookupBlock',
        read: (r, seqno) => r.blocks.lookupBlock({ workchain: -1, shard: SHARD_ALL, seqno }),
      },
      {
        method: 'getMasterchainBlockSignatures',
        read: (r, seqno) => r.blocks.masterchainBlockSignatures({ seqno }),
      },
      {
        method: 'getShardBlockProof',
        read: (r, seqno) =>
          r.blocks.shardBlockProof({ workchain: 0, shard: SHARD_ALL, seqno: 2, from_seqno: seqno }),
      },
      {
        method: 'getBlockTransactions',
        read: (r, seqno) =>
          r.transactions.blockTransactions({ workchain: -1, shard: SHARD_ALL, seqno, count: 40 }),
      },
      {
        method: 'getBlockTransactionsExt',
        read: (r, seqno) =>
          r.transactions.blockTransactionsExt({
            workchain: -1,
            shard: SHARD_ALL,
            seqno,
            count: 40,
          }),
      },
    ];
  };

  before(async () => {
    localnet = await startLocalnet({ seed: 'genesis', mode: 'manual', liteservers: 2 });
    for (let i = 0; i < 6; i++) {
      await localnet.producer.sealNow();
    }
    head = localnet.chain.head().id.seqno;
    registry = createMetricsRegistry({ defaultMetrics: false });
    lsMetrics = new LiteserverMetrics(registry);
    pool = new LiteserverPoolService(
      localnet.liteservers.map((ls) => ls.endpoint),
      // probes are run by the tests themselves (pool.probe()), so every step is deterministic
      { timeoutMs: 500, attempts: 2, probeIntervalMs: 3_600_000, maxLagBlocks: 1 },
      lsMetrics,
      registry,
    );
    await pool.onModuleInit();
    await pool.probe();
    assert.deepEqual(
      pool.health().map((h) => [h.alive, h.lastSeqno]),
      [
        [true, head],
        [true, head],
      ],
    );
  });

  after(async () => {
    pool.close();
    await localnet.stop();
  });

  describe('immutable answers cache', () => {
    it('a second identical read at a seqno, block or transaction id asks no liteserver', async () => {
      const readers = readersOf(pool);
      const seqno = head - 2;
      const wallet = raw(GenesisAccount.walletV4r2);
      const info = await readers.account.addressInformation({ address: wallet });
      const lastTx = info.last_transaction_id;
      const history = await readers.transactions.transactions({ address: wallet, limit: 3 });
      const incoming = history.find((tx) => tx.in_msg?.source !== '');
      assert.ok(incoming?.in_msg, 'a transaction of the wallet with an internal inbound message');

      const reads: { method: string; read: () => Promise<unknown> }[] = [
        ...pinnedReads().map(({ method, read }) => ({ method, read: () => read(readers, seqno) })),
        {
          // a shard block by its full id
          method: 'getBlockHeader',
          read: async () => {
            const id = await readers.blocks.lookupBlock({
              workchain: 0,
              shard: SHARD_ALL,
              seqno: 3,
            });
            return readers.blocks.blockHeader({
              workchain: 0,
              shard: id.shard,
              seqno: 3,
              root_hash: id.root_hash,
              file_hash: id.file_hash,
            });
          },
        },
        {
          method: 'getTransactions',
          read: () =>
            readers.transactions.transactions({
              address: wallet,
              lt: lastTx.lt,
              hash: lastTx.hash,
              limit: 5,
            }),
        },
        {
          method: 'tryLocateResultTx',
          read: () =>
            readers.transactions.locateResult({
              source: rawOf(incoming.in_msg?.source),
              destination: wallet,
              created_lt: incoming.in_msg?.created_lt ?? '',
            }),
        },
        {
          method: 'tryLocateSourceTx',
          read: () =>
            readers.transactions.locateSource({
              source: rawOf(incoming.in_msg?.source),
              destination: wallet,
              created_lt: incoming.in_msg?.created_lt ?? '',
            }),
        },
      ];
      const first: unknown[] = [];
      for (const { method, read } of reads) {
        const asked = await queries(lsMetrics);
        first.push(await read());
        assert.ok(
          (await queries(lsMetrics)) > asked,
          `${method}: the first read asks a liteserver`,
        );
      }
      // Only the cache can answer now: every liteserver is stalled.
      for (const ls of localnet.liteservers) {
        ls.setFault({ mode: 'stall' });
      }
      try {
        for (const [i, { method, read }] of reads.entries()) {
          const asked = await queries(lsMetrics);
          const hits = await cacheLookups(registry, method, 'hit');
          const again = await read();
          assert.deepEqual(again, first[i], method);
          assert.equal(await queries(lsMetrics), asked, `${method}: no liteserver asked`);
          assert.ok((await cacheLookups(registry, method, 'hit')) > hits, `${method}: a cache hit`);
        }
        // A head read is not cached: it has to ask, and every liteserver is stalled.
        await assert.rejects(readers.account.addressInformation({ address: wallet }), (error) => {
          assert.ok(error instanceof TonApiError);
          assert.equal(error.code, ErrorCode.LITESERVER_TIMEOUT);
          return true;
        });
      } finally {
        for (const ls of localnet.liteservers) {
          ls.setFault({ mode: 'none' });
        }
        await pool.probe();
      }
    });

    it('head reads ask a liteserver every time, count no cache lookup, and see a new block', async () => {
      const readers = readersOf(pool);
      const wallet = raw(GenesisAccount.walletV4r2);
      const lookups = async () =>
        (await cacheLookups(registry, 'getAddressInformation', 'hit')) +
        (await cacheLookups(registry, 'getAddressInformation', 'miss'));
      const counted = await lookups();
      const asked = await queries(lsMetrics, { method: 'getAddressInformation' });
      const a = await readers.account.addressInformation({ address: wallet });
      const b = await readers.account.addressInformation({ address: wallet });
      assert.equal(await queries(lsMetrics, { method: 'getAddressInformation' }), asked + 2);
      assert.equal(await lookups(), counted);
      assert.notEqual(a, b, 'two answers, not one cached object');
      await localnet.producer.sealNow();
      await pool.probe();
      const c = await readers.account.addressInformation({ address: wallet });
      assert.equal(c.block_id.seqno, a.block_id.seqno + 1);
      head = localnet.chain.head().id.seqno;
    });
  });

  describe('seqno routing with a lagging liteserver', () => {
    const LAG = 3;
    /** Answers at each seqno read before any lag, by a separate set of readers. */
    const expected = new Map<string, unknown>();

    before(async () => {
      const reference = readersOf(pool);
      for (const { method, read } of pinnedReads()) {
        for (const seqno of [head - LAG, head - LAG - 1]) {
          expected.set(`${method}@${String(seqno)}`, await read(reference, seqno));
        }
      }
      localnet.liteservers[1]?.setFault({ mode: 'lag', lagBlocks: LAG });
      await pool.probe();
      assert.deepEqual(
        pool.health().map((h) => [h.alive, h.lastSeqno]),
        [
          [true, head],
          [false, head - LAG],
        ],
      );
    });

    after(async () => {
      localnet.liteservers[1]?.setFault({ mode: 'none' });
      await pool.probe();
    });

    it('every read at a seqno the lagging liteserver has may go to it, and answers the same', async () => {
      const readers = readersOf(pool);
      for (const { method, read } of pinnedReads()) {
        const lagging = await queries(lsMetrics, { method, server: 1 });
        for (const seqno of [head - LAG, head - LAG - 1]) {
          assert.deepEqual(
            await read(readers, seqno),
            expected.get(`${method}@${String(seqno)}`),
            method,
          );
        }
        assert.ok(
          (await queries(lsMetrics, { method, server: 1 })) > lagging,
          `${method}: the liteserver ${String(LAG)} blocks behind served a seqno it has`,
        );
      }
    });

    it('a seqno the lagging liteserver lacks, and every head read, go to the one at the head', async () => {
      const readers = readersOf(pool);
      const lagging = await queries(lsMetrics, { server: 1 });
      for (const { method, read } of pinnedReads()) {
        for (let i = 0; i < 2; i++) {
          // head − 1: within one block of the head, beyond the lagging liteserver
          await read(readersOf(pool), head - 1 - i);
          assert.equal(await queries(lsMetrics, { server: 1 }), lagging, method);
        }
      }
      const wallet = raw(GenesisAccount.walletV4r2);
      for (let i = 0; i < 4; i++) {
        await readers.account.addressInformation({ address: wallet });
        await readers.accounts.walletInformation({ address: wallet });
        await readers.accounts.extendedAddressInformation({ address: wallet });
        await readers.runner.runLegacy({
          address: wallet,
          methodId: methodIdOf('seqno'),
          stack: EMPTY_STACK,
        });
        await readers.config.configParam({ configId: 34 });
        await readers.blocks.outMsgQueueSizes();
        await readers.transactions.transactions({ address: wallet, limit: 2 });
      }
      assert.equal(await queries(lsMetrics, { server: 1 }), lagging, 'no head read reached it');
    });

    it('a seqno newer than every probe goes to the head-ready liteserver, which has it', async () => {
      await localnet.producer.sealNow();
      const fresh = localnet.chain.head();
      assert.equal(fresh.id.seqno, head + 1);
      // no probe: the pool still believes the head is `head`
      const id = await readersOf(pool).blocks.lookupBlock({
        workchain: -1,
        shard: SHARD_ALL,
        seqno: fresh.id.seqno,
      });
      assert.equal(id.root_hash, fresh.id.rootHash.toString('base64'));
    });
  });
});

/** The raw form of a friendly address a transaction renders. */
function rawOf(friendly: string | undefined): string {
  assert.ok(friendly, 'an address');
  return Address.parse(friendly).toRawString();
}
