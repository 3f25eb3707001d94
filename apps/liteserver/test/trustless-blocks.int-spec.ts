import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, Cell, toNano } from '@ton/core';
import { ErrorCode, TonApiError } from '@app/contracts';
import { LiteserverMetrics, createMetricsRegistry } from '@app/observability';
import { LiteserverPoolService, LiteserverUnverifiedError } from '@app/liteclient';
import { findShardAccount, LiteApiSchema, type ProofBlockId } from '@app/ton';
import { type LiteClient } from 'ton-lite-client';
import { type TLFunction } from 'ton-tl';
import { type Localnet, startLocalnet, type StoredBlock } from '@app/localnet';
import { tlBlockId } from '../../../test/integration/support/localnet-harness';
import { closePoolsAndLocalnet, zeroStateAnchor } from './lying-pool.support';
import { fromTreasury } from '../../../test/integration/support/treasury-message';
import { waitFor } from '@app/testing';

const { Functions } = LiteApiSchema;

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** One kind of answer: how to ask it, what the honest value is, which check refuses the forgery. */
interface Case {
  readonly name: string;
  readonly reason: string;
  readonly ask: (client: LiteClient) => Promise<string>;
  readonly honest: () => string;
}

/** Asks `f` with `request` and reads from the answer the value compared with the honest one. */
function asking<Req, Res>(
  f: TLFunction<Req, Res>,
  request: NoInfer<Req>,
  read: (answer: Res) => string,
): Case['ask'] {
  return async (client) => read(await client.engine.query(f, request));
}

// The tests share the liteservers' fault switches: one at a time.
void describe(
  'the pool proves block, shard and block-transaction answers: 3 local liteservers',
  { concurrency: 1 },
  () => {
    let localnet: Localnet;
    let anchor: ProofBlockId;
    let account: Address;
    /** The basechain block holding the account's last transaction, and the masterchain head. */
    let txBlock: StoredBlock;
    let lastLt: bigint;
    let head: StoredBlock;
    const pools: LiteserverPoolService[] = [];
    let cases: Case[] = [];

    function lie(servers: readonly number[]): void {
      localnet.liteservers.forEach((ls, i) => {
        ls.setFault({ mode: servers.includes(i) ? 'lie' : 'none' });
      });
    }

    async function startPool(): Promise<LiteserverPoolService> {
      const registry = createMetricsRegistry({ defaultMetrics: false });
      const pool = new LiteserverPoolService(
        localnet.liteservers.map((ls) => ls.endpoint),
        { timeoutMs: 4000, attempts: 3, probeIntervalMs: 3_600_000, anchor },
        new LiteserverMetrics(registry),
        registry,
      );
      pools.push(pool);
      await pool.onModuleInit();
      await waitFor(() => pool.health().every((h) => h.connected), 'all connected', 8000);
      return pool;
    }

    /** All three honest and proven alive again: each case starts from the same healthy pool. */
    async function healed(pool: LiteserverPoolService): Promise<void> {
      lie([]);
      await pool.probe();
      assert.deepEqual(
        pool.health().map((h) => h.alive),
        [true, true, true],
      );
    }

    before(async () => {
      localnet = await startLocalnet({ seed: 'none', mode: 'manual', liteservers: 3 });
      const treasury = await localnet.chain.blockchain.treasury('trustless-blocks');
      // A transfer to a fresh basechain account: its transaction is in a shard block of the chain.
      account = (await localnet.chain.blockchain.treasury('trustless-blocks-to')).address;
      localnet.chain.submit(fromTreasury(treasury.address, account, toNano('1')));
      for (let i = 0; i < 4; i++) {
        await localnet.producer.sealNow();
      }
      anchor = zeroStateAnchor(localnet);
      head = localnet.chain.head();
      const state = findShardAccount(
        localnet.chain.accountBlockAt(head.id.seqno, account).state,
        account.hash,
      ).account;
      assert.ok(state);
      lastLt = state.lastTransLt;
      const found = localnet.chain.transaction(account, lastLt);
      assert.ok(found);
      txBlock = found.block;
      assert.equal(txBlock.id.workchain, 0);
      assert.ok(txBlock.transactions.length > 0);
      const txHash = found.tx.hash;
      const txIds = () =>
        [...txBlock.transactions]
          .sort((a, b) => Buffer.compare(a.address.hash, b.address.hash) || Number(a.lt - b.lt))
          .map((t) => `${t.address.hash.toString('hex')}:${String(t.lt)}:${t.hash.toString('hex')}`)
          .join(',');
      const shardTl = BigInt.asIntN(64, txBlock.id.shard).toString();
      const top = localnet.chain
        .shardTopsAt(head.id.seqno)
        .find((b) => b.id.workchain === 0 && b.id.shard === txBlock.id.shard);
      assert.ok(top);
      const txRootHash = (): string => hex(txBlock.id.rootHash);
      /** lookupBlock in the transaction's shard by one of seqno (mode 1), lt (2) or utime (4). */
      const lookup = (
        by: { mode: 1 | 2 | 4; seqno?: number; lt?: string; utime?: number },
        read: (a: { id: { seqno: number; rootHash: Buffer } }) => string,
      ): Case['ask'] =>
        asking(
          Functions.liteServer_lookupBlock,
          {
            kind: 'liteServer.lookupBlock',
            mode: by.mode,
            id: { kind: 'tonNode.blockId', workchain: 0, shard: shardTl, seqno: by.seqno ?? 0 },
            lt: by.lt ?? null,
            utime: by.utime ?? null,
          },
          read,
        );
      /** listBlockTransactions(Ext) of the transaction's block: all of it, ids and hashes (mode 7). */
      const listRequest = {
        id: tlBlockId(txBlock),
        mode: 7,
        count: 100,
        after: null,
        reverseOrder: null,
        wantProof: null,
      };
      cases = [
        {
          name: 'getBlockHeader of a shard block',
          reason: 'block_header',
          ask: asking(
            Functions.liteServer_getBlockHeader,
            { kind: 'liteServer.getBlockHeader', id: tlBlockId(txBlock), mode: 0 },
            (a) => hex(a.id.rootHash),
          ),
          honest: txRootHash,
        },
        {
          name: 'lookupBlock of a shard block by seqno',
          reason: 'block_lookup',
          ask: lookup({ mode: 1, seqno: txBlock.id.seqno }, (a) => hex(a.id.rootHash)),
          honest: txRootHash,
        },
        {
          name: 'lookupBlock of a shard block by lt',
          reason: 'block_lookup',
          ask: lookup({ mode: 2, lt: lastLt.toString() }, (a) => hex(a.id.rootHash)),
          honest: txRootHash,
        },
        {
          name: 'lookupBlock of a shard block by utime',
          reason: 'block_lookup',
          ask: lookup({ mode: 4, utime: txBlock.genUtime }, (a) => String(a.id.seqno)),
          honest: () =>
            String(
              localnet.chain.lookup(0, txBlock.id.shard, { utime: txBlock.genUtime })?.id.seqno,
            ),
        },
        {
          name: 'getAllShardsInfo',
          reason: 'shard_block',
          ask: async (c) => {
            const a = await c.engine.query(Functions.liteServer_getAllShardsInfo, {
              kind: 'liteServer.getAllShardsInfo',
              id: tlBlockId(head),
            });
            return hex(Cell.fromBoc(Buffer.from(a.data))[0]!.refs[0]!.hash());
          },
          // ShardHashes: the first ref of McStateExtra, the fourth ref of the masterchain state.
          honest: () => head.state.refs[3]!.refs[0]!.hash().toString('hex'),
        },
        {
          name: 'getShardInfo',
          reason: 'shard_block',
          ask: async (c) => {
            const a = await c.engine.query(Functions.liteServer_getShardInfo, {
              kind: 'liteServer.getShardInfo',
              id: tlBlockId(head),
              workchain: 0,
              shard: shardTl,
              exact: true,
            });
            return `${String(a.shardblk.seqno)}:${hex(a.shardblk.rootHash)}`;
          },
          honest: () => `${String(top.id.seqno)}:${top.id.rootHash.toString('hex')}`,
        },
        {
          name: 'getShardBlockProof',
          reason: 'shard_block',
          ask: async (c) => {
            const a = await c.engine.query(Functions.liteServer_getShardBlockProof, {
              kind: 'liteServer.getShardBlockProof',
              id: tlBlockId(txBlock),
            });
            return `${String(a.masterchainId.seqno)}:${hex(a.links.at(-1)!.id.rootHash)}`;
          },
          honest: () => `${String(txBlock.mcSeqno)}:${txBlock.id.rootHash.toString('hex')}`,
        },
        {
          name: 'listBlockTransactions',
          reason: 'block_transactions',
          ask: asking(
            Functions.liteServer_listBlockTransactions,
            { kind: 'liteServer.listBlockTransactions', ...listRequest },
            (a) => a.ids.map((t) => `${hex(t.account!)}:${t.lt!}:${hex(t.hash!)}`).join(','),
          ),
          honest: txIds,
        },
        {
          name: 'listBlockTransactionsExt',
          reason: 'block_transactions',
          ask: asking(
            Functions.liteServer_listBlockTransactionsExt,
            { kind: 'liteServer.listBlockTransactionsExt', ...listRequest },
            (a) =>
              Cell.fromBoc(Buffer.from(a.transactions))
                .map((t) => t.hash().toString('hex'))
                .sort()
                .join(','),
          ),
          honest: () =>
            txBlock.transactions
              .map((t) => t.hash.toString('hex'))
              .sort()
              .join(','),
        },
        {
          name: 'getOneTransaction',
          reason: 'block_transactions',
          ask: async (c) => {
            const a = await c.engine.query(Functions.liteServer_getOneTransaction, {
              kind: 'liteServer.getOneTransaction',
              id: tlBlockId(txBlock),
              account: { kind: 'liteServer.accountId', workchain: 0, id: account.hash },
              lt: lastLt.toString(),
            });
            return hex(Cell.fromBoc(Buffer.from(a.transaction))[0]!.hash());
          },
          honest: () => txHash.toString('hex'),
        },
        {
          name: 'getBlock of a shard block',
          reason: 'block_data',
          ask: async (c) => {
            const a = await c.engine.query(Functions.liteServer_getBlock, {
              kind: 'liteServer.getBlock',
              id: tlBlockId(txBlock),
            });
            return hex(Cell.fromBoc(Buffer.from(a.data))[0]!.hash());
          },
          honest: () => txBlock.id.rootHash.toString('hex'),
        },
      ];
    });

    after(() => closePoolsAndLocalnet(pools, localnet));

    void it('with 2 of 3 lying: each liar is refused for the forged answer, the honest one served', async () => {
      const pool = await startPool();
      for (const c of cases) {
        await healed(pool);
        lie([1, 2]);
        for (const target of pool.targets(3)) {
          if (target.server === 0) {
            continue;
          }
          await assert.rejects(target.call(c.name, c.ask), (e: unknown) => {
            assert.ok(e instanceof LiteserverUnverifiedError, `${c.name}: ${String(e)}`);
            assert.equal(e.reason, c.reason, `${c.name}: ${e.message}`);
            return true;
          });
        }
        const served = await pool.execute(c.name, c.ask);
        assert.equal(served.server, 0, c.name);
        assert.equal(served.value, c.honest(), c.name);
      }
    });

    void it('with all 3 lying: every such answer is an error naming the failed check', async () => {
      const pool = await startPool();
      for (const c of cases) {
        await healed(pool);
        lie([0, 1, 2]);
        await assert.rejects(pool.execute(c.name, c.ask), (e: unknown) => {
          assert.ok(e instanceof TonApiError, `${c.name}: ${String(e)}`);
          assert.equal(e.code, ErrorCode.LITESERVER_UNAVAILABLE);
          assert.match(e.message, new RegExp(`\\(${c.reason}\\)`), c.name);
          return true;
        });
      }
    });
  },
);
