import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AccountQueryRepository,
  ActionQueryRepository,
  AddressBookQueryRepository,
  BlockQueryRepository,
  createDataSource,
  type DataSource,
  MessageQueryRepository,
  TokenQueryRepository,
  TraceQueryRepository,
  TransactionQueryRepository,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type QueryRunner } from 'typeorm';
import { DECODED_LARGE_TABLES, INGESTED_TABLES } from '../../support/chain-tables';

/**
 * Tables that grow with the chain (millions of rows on mainnet): a hot v3 query that reads one of them
 * sequentially is a defect ("Explain plans of the hot queries checked in a test"). Small
 * per-code-hash or per-network tables (contract_interfaces, indexer_cursors, …) may be scanned.
 */
const LARGE_TABLES = new Set([
  ...INGESTED_TABLES,
  ...DECODED_LARGE_TABLES,
  'address_metadata',
  'transaction_lts',
  'message_lts',
  'action_lts',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

interface ExplainedQuery {
  readonly sql: string;
  readonly seqScans: string[];
}

/** A partition of the lt-partitioned history (`<table>_lt_min`, `<table>_lt_<from>`) is its table. */
const PARTITION_SUFFIX = /_lt_(min|\d+)$/;

function seqScansOf(node: PlanNode, found: string[] = []): string[] {
  const relation = node['Relation Name']?.replace(PARTITION_SUFFIX, '');
  if (node['Node Type'] === 'Seq Scan' && relation !== undefined && LARGE_TABLES.has(relation)) {
    found.push(relation);
  }
  for (const child of node.Plans ?? []) {
    seqScansOf(child, found);
  }
  return found;
}

/**
 * A DataSource stand-in for the repositories (they only call `query`) that EXPLAINs every statement on
 * one session with sequential scans priced out (`enable_seqscan = off`: the planner still picks a
 * sequential scan when no index can serve the query, which is exactly what this test catches), then runs
 * it, so the plans are those of the SQL the service really sends for each filter.
 */
class ExplainingDataSource {
  readonly explained: ExplainedQuery[] = [];

  constructor(private readonly runner: QueryRunner) {}

  async query<T>(sql: string, params?: unknown[]): Promise<T> {
    const [row] = (await this.runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as {
      'QUERY PLAN': { Plan: PlanNode }[];
    }[];
    const plan = row?.['QUERY PLAN'][0]?.Plan;
    assert.ok(plan, `no plan for ${sql}`);
    this.explained.push({ sql, seqScans: seqScansOf(plan) });
    return (await this.runner.query(sql, params)) as T;
  }
}

const ACCOUNT = '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8';
const OTHER = '0:B113A994B5024A16719F69139328EB759596C38A25F59028B146FECDC3621DFE';
const HASH = 'tX7OQRfpPw0zPVspS7VzsuSAp+mLNy1uWLzSM4jJwHY=';
const PAGE = { limit: 100, offset: 0 };

void describe('plans of the v3 queries (no sequential scan of a large table)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let runner: QueryRunner;
  let explaining: ExplainingDataSource;

  before(async () => {
    db = await createTestDatabase({ prefix: 'query_plans' });
    ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    runner = ds.createQueryRunner();
    await runner.connect();
    await runner.query('SET enable_seqscan = off');
    explaining = new ExplainingDataSource(runner);
  });

  after(async () => {
    await runner.release();
    await ds.destroy();
    await db.drop();
  });

  /** The repositories over the explaining stand-in (they read nothing but `query` of a DataSource). */
  function repos(): {
    tx: TransactionQueryRepository;
    msg: MessageQueryRepository;
    block: BlockQueryRepository;
    trace: TraceQueryRepository;
    action: ActionQueryRepository;
    token: TokenQueryRepository;
    account: AccountQueryRepository;
    book: AddressBookQueryRepository;
  } {
    const source = explaining as unknown as DataSource;
    return {
      tx: new TransactionQueryRepository(source),
      msg: new MessageQueryRepository(source),
      block: new BlockQueryRepository(source),
      trace: new TraceQueryRepository(source),
      action: new ActionQueryRepository(source),
      token: new TokenQueryRepository(source),
      account: new AccountQueryRepository(source),
      book: new AddressBookQueryRepository(source),
    };
  }

  /** Runs `call`, then asserts none of the statements it sent scans a large table. */
  async function assertIndexed(name: string, call: () => Promise<unknown>): Promise<void> {
    const from = explaining.explained.length;
    await call();
    const sent = explaining.explained.slice(from);
    assert.ok(sent.length > 0, `${name}: sent no query`);
    for (const q of sent) {
      assert.deepEqual(q.seqScans, [], `${name}: sequential scan in\n${q.sql}`);
    }
  }

  const sorts = ['asc', 'desc'] as const;

  void it('transactions: by account (lt and utime orders), hash, lt, mc block, message, traces, bundle', async () => {
    const { tx } = repos();
    for (const sort of sorts) {
      const base = { ...PAGE, sort };
      await assertIndexed(`by account ${sort}`, () => tx.list({ ...base, account: [ACCOUNT] }));
      await assertIndexed(`by account and lt range ${sort}`, () =>
        tx.list({ ...base, account: [ACCOUNT], start_lt: '1', end_lt: '99999999' }),
      );
      await assertIndexed(`by account and utime ${sort}`, () =>
        tx.list({ ...base, account: [ACCOUNT], start_utime: 1, end_utime: 2_000_000_000 }),
      );
      await assertIndexed(`by accounts ${sort}`, () =>
        tx.list({ ...base, account: [ACCOUNT, OTHER] }),
      );
      await assertIndexed(`latest ${sort}`, () => tx.list(base));
      await assertIndexed(`by utime ${sort}`, () =>
        tx.list({ ...base, start_utime: 1, end_utime: 2_000_000_000 }),
      );
      await assertIndexed(`by mc seqno ${sort}`, () => tx.list({ ...base, mc_seqno: 5 }));
      await assertIndexed(`by message ${sort}`, () =>
        tx.list({ ...base, msg_hash: [HASH], direction: 'in' }),
      );
    }
    await assertIndexed('by hash', () => tx.list({ ...PAGE, sort: 'desc', hash: [HASH] }));
    await assertIndexed('by lt', () => tx.list({ ...PAGE, sort: 'desc', lt: '1000' }));
    await assertIndexed('by block', () =>
      tx.list({ ...PAGE, sort: 'desc', workchain: 0, shard: '-9223372036854775808', seqno: 7 }),
    );
    await assertIndexed('byHashes', () => tx.byHashes([HASH]));
    await assertIndexed('adjacent', () => tx.adjacentHashes(HASH, 'in'));
    await assertIndexed('ofTraces', () => tx.ofTraces([HASH]));
    const row = { hash: HASH, account_state_hash_before: HASH, account_state_hash_after: HASH };
    await assertIndexed('bundle', () => tx.bundle([row as never]));
  });

  void it('messages: by hash, source, destination, body hash, opcode', async () => {
    const { msg } = repos();
    for (const sort of sorts) {
      const base = { ...PAGE, sort };
      await assertIndexed(`by hash ${sort}`, () => msg.list({ ...base, msg_hash: [HASH] }));
      await assertIndexed(`by source ${sort}`, () => msg.list({ ...base, source: ACCOUNT }));
      await assertIndexed(`by destination ${sort}`, () =>
        msg.list({ ...base, destination: ACCOUNT }),
      );
      await assertIndexed(`by body hash ${sort}`, () => msg.list({ ...base, body_hash: HASH }));
      await assertIndexed(`latest ${sort}`, () => msg.list(base));
    }
  });

  void it('blocks: latest, by seqno, by mc seqno, shard state and shards', async () => {
    const { block } = repos();
    await assertIndexed('masterchain ends', () => block.masterchainEnds());
    for (const sort of sorts) {
      await assertIndexed(`latest ${sort}`, () => block.blocks({ ...PAGE, sort }));
      await assertIndexed(`masterchain seqno ${sort}`, () =>
        block.blocks({ ...PAGE, sort, workchain: -1, seqno: 5 }),
      );
      await assertIndexed(`by mc seqno ${sort}`, () =>
        block.blocks({ ...PAGE, sort, mc_seqno: 5 }),
      );
    }
    await assertIndexed('shard state', () => block.shardState({ seqno: 5 }));
    await assertIndexed('shards', () => block.shards({ seqno: 5, limit: 100, offset: 0 }));
  });

  void it('traces and actions: by account, trace id, transaction, message', async () => {
    const { trace, action } = repos();
    const supported = ['ton_transfer', 'jetton_transfer', 'call_contract'];
    for (const sort of sorts) {
      const base = { ...PAGE, sort };
      await assertIndexed(`traces by account ${sort}`, () =>
        trace.list({ ...base, account: ACCOUNT }),
      );
      await assertIndexed(`traces latest ${sort}`, () => trace.list(base));
      await assertIndexed(`actions by account ${sort}`, () =>
        action.list({ ...base, account: ACCOUNT, supported_action_types: supported }),
      );
      await assertIndexed(`actions latest ${sort}`, () =>
        action.list({ ...base, supported_action_types: supported }),
      );
    }
    const base = { ...PAGE, sort: 'desc' as const };
    await assertIndexed('traces by id', () => trace.list({ ...base, trace_id: [HASH] }));
    await assertIndexed('traces by tx', () => trace.list({ ...base, tx_hash: [HASH] }));
    await assertIndexed('traces by msg', () => trace.list({ ...base, msg_hash: [HASH] }));
    await assertIndexed('traces by mc seqno', () => trace.list({ ...base, mc_seqno: 5 }));
    await assertIndexed('actions by trace', () =>
      action.list({ ...base, trace_id: [HASH], supported_action_types: supported }),
    );
    await assertIndexed('actions by tx', () =>
      action.list({ ...base, tx_hash: [HASH], supported_action_types: supported }),
    );
    await assertIndexed('actions by msg', () =>
      action.list({ ...base, msg_hash: [HASH], supported_action_types: supported }),
    );
    await assertIndexed('actions of traces', () => action.everyOfTraces([HASH]));
  });

  void it('jettons and NFTs: by owner, wallet, master, collection', async () => {
    const { token } = repos();
    for (const sort of sorts) {
      const base = { ...PAGE, sort };
      await assertIndexed(`jetton transfers by owner ${sort}`, () =>
        token.jettonTransfers({ ...base, owner_address: [ACCOUNT] }),
      );
      await assertIndexed(`jetton transfers by wallet ${sort}`, () =>
        token.jettonTransfers({ ...base, jetton_wallet: [ACCOUNT] }),
      );
      await assertIndexed(`jetton transfers by master ${sort}`, () =>
        token.jettonTransfers({ ...base, jetton_master: ACCOUNT }),
      );
      await assertIndexed(`jetton burns by owner ${sort}`, () =>
        token.jettonBurns({ ...base, owner_address: [ACCOUNT] }),
      );
      await assertIndexed(`nft transfers by owner ${sort}`, () =>
        token.nftTransfers({ ...base, owner_address: [ACCOUNT] }),
      );
      await assertIndexed(`nft transfers by collection ${sort}`, () =>
        token.nftTransfers({ ...base, collection_address: ACCOUNT }),
      );
      await assertIndexed(`jetton wallets by owner ${sort}`, () =>
        token.jettonWallets({ ...base, owner_address: [ACCOUNT] }),
      );
    }
    await assertIndexed('jetton wallets by master', () =>
      token.jettonWallets({ ...PAGE, jetton_address: [ACCOUNT] }),
    );
    await assertIndexed('jetton wallets by address', () => token.jettonWalletsByAddress([ACCOUNT]));
    await assertIndexed('nft items by owner', () =>
      token.nftItems({ ...PAGE, owner_address: [ACCOUNT] }),
    );
    await assertIndexed('nft items by collection', () =>
      token.nftItems({ ...PAGE, collection_address: [ACCOUNT] }),
    );
    await assertIndexed('nft items by collection and index', () =>
      token.nftItems({ ...PAGE, collection_address: [ACCOUNT], index: ['5'] }),
    );
    await assertIndexed('nft items by address', () => token.nftItemsByAddress([ACCOUNT]));
  });

  void it('accounts: states, top by balance, address book, DNS, multisig, vesting', async () => {
    const { account, book } = repos();
    await assertIndexed('account states', () => account.accountStates({ address: [ACCOUNT] }));
    await assertIndexed('top by balance', () => account.topByBalance(PAGE));
    await assertIndexed('address book rows', () => book.rows([ACCOUNT]));
    await assertIndexed('address book domains', () => book.domains([ACCOUNT]));
    await assertIndexed('multisig orders of', () => account.ordersOf([ACCOUNT]));
    await assertIndexed('multisig orders by multisig', () =>
      account.multisigOrders({ ...PAGE, sort: 'asc', multisig_address: [ACCOUNT] }),
    );
    await assertIndexed('vesting by wallet', () =>
      account.vesting({ ...PAGE, wallet_address: [ACCOUNT], check_whitelist: true }),
    );
  });
});
