import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  appliedMigrations,
  createDataSource,
  type DataSource,
  databaseExists,
  IndexerCursorEntity,
  IndexerCursorRepository,
  pingDatabase,
  revertLastMigration,
  runPendingMigrations,
} from '@app/database';
import { createTestDatabase, type TestDatabase, testServerUrl } from '@app/testing';
import { EXPECTED_MIGRATIONS } from '../../support/expected-migrations';
import { DECODED_TABLES, INGESTED_TABLES } from '../../support/chain-tables';

const [
  INIT,
  CHAIN,
  DECODED,
  DNS_MULTISIG_VESTING,
  API_KEYS,
  STREAMING_LIMITS,
  ADDRESS_METADATA,
  NFT_SALES,
  TRACE_ACCOUNTS,
  CHAIN_IDENTITY,
  NFT_AUCTIONS,
  PARTITION_HISTORY,
  PARTITION_TRACE_HISTORY,
  TELEMINT_ITEMS,
  ACTION_LTS,
  ACCOUNT_LT_RANGES,
  DEX_POOLS,
] = EXPECTED_MIGRATIONS;
const ALL = [...EXPECTED_MIGRATIONS];
const CHAIN_TABLES = [
  ...INGESTED_TABLES,
  'ingest_quarantine',
  'ingest_leader',
  ...DECODED_TABLES,
  'api_plans',
  'api_keys',
  'address_metadata',
  'getgems_nft_sales',
  'trace_accounts',
  'chain_identity',
  'getgems_nft_auctions',
  'history_partitioning',
  'transaction_lts',
  'message_lts',
  'telemint_nft_items',
  'action_lts',
  'account_lt_ranges',
  'dex_pools',
];

/** api_plans as API_KEYS creates it (STREAMING_LIMITS appends two columns). */
const API_PLANS_COLUMNS = ['id', 'name', 'rps', 'burst', 'networks', 'created_at', 'updated_at'];

void describe('database migrations (real PostgreSQL)', () => {
  let db: TestDatabase;
  let sut: DataSource;

  before(async () => {
    db = await createTestDatabase({ migrate: false, prefix: 'migrations' });
    sut = createDataSource({ url: db.url, applicationName: 'migrations-int-spec', poolSize: 2 });
    await sut.initialize();
  });

  after(async () => {
    await sut.destroy();
    await db.drop();
    assert.equal(await databaseExists(testServerUrl(), db.name), false);
  });

  void it('starts from an empty database', async () => {
    assert.deepEqual(await appliedMigrations(sut), []);
    assert.equal(await tableExists(sut, 'indexer_cursor'), false);
  });

  void it('up() creates indexer_cursor with the exact columns and records itself', async () => {
    assert.deepEqual(await runPendingMigrations(sut), ALL);
    assert.deepEqual(await appliedMigrations(sut), ALL);
    assert.deepEqual(await columns(sut, 'indexer_cursor'), [
      { column_name: 'name', data_type: 'text', is_nullable: 'NO', column_default: null },
      { column_name: 'mc_seqno', data_type: 'bigint', is_nullable: 'NO', column_default: null },
      {
        column_name: 'updated_at',
        data_type: 'timestamp with time zone',
        is_nullable: 'NO',
        column_default: 'now()',
      },
    ]);
  });

  void it('is idempotent: a second run applies nothing', async () => {
    assert.deepEqual(await runPendingMigrations(sut), []);
  });

  void it('the entities describe exactly the migrated schema (TypeORM finds nothing to change)', async () => {
    const pending = await sut.driver.createSchemaBuilder().log();
    assert.deepEqual(
      pending.upQueries.map((query) => query.query),
      [],
    );
  });

  void it('creates every chain table', async () => {
    for (const table of CHAIN_TABLES) {
      assert.equal(await tableExists(sut, table), true, table);
    }
  });

  void it('stores bigint exactly through the entity transformer', async () => {
    const repo = sut.getRepository(IndexerCursorEntity);
    await repo.save({ name: 'huge', mcSeqno: 2n ** 62n + 1n });
    const row = await repo.findOneByOrFail({ name: 'huge' });
    assert.equal(row.mcSeqno, 4611686018427387905n);
    assert.ok(row.updatedAt instanceof Date);
  });

  void it('IndexerCursorRepository advances monotonically and idempotently', async () => {
    const cursors = new IndexerCursorRepository(sut);
    assert.equal(await cursors.get('masterchain'), null);
    await cursors.advance('masterchain', 100);
    assert.equal(await cursors.get('masterchain'), 100);
    await cursors.advance('masterchain', 99);
    assert.equal(await cursors.get('masterchain'), 100);
    await cursors.advance('masterchain', 100);
    await cursors.advance('masterchain', 101);
    assert.equal(await cursors.get('masterchain'), 101);
    await assert.rejects(cursors.advance('masterchain', -1), /invalid masterchain seqno -1/);
  });

  void it('advance() commits atomically inside a caller transaction', async () => {
    const cursors = new IndexerCursorRepository(sut);
    await assert.rejects(
      sut.transaction(async (manager) => {
        await cursors.advance('tx', 5, manager);
        throw new Error('block write failed');
      }),
      /block write failed/,
    );
    assert.equal(await cursors.get('tx'), null);
    await sut.transaction(async (manager) => {
      await cursors.advance('tx', 6, manager);
    });
    assert.equal(await cursors.get('tx'), 6);
  });

  void it('the CHECK constraint rejects a negative seqno written around the repository', async () => {
    await assert.rejects(
      sut.query(`INSERT INTO indexer_cursor (name, mc_seqno) VALUES ('neg', -1)`),
      /indexer_cursor_mc_seqno_check/,
    );
  });

  void it('pingDatabase answers with a round-trip time', async () => {
    const ms = await pingDatabase(sut);
    assert.ok(ms >= 0 && ms < 2000, `ping took ${ms} ms`);
  });

  void it('down() drops the tables and unrecords the migrations; up() works again after it', async () => {
    assert.equal(await tableExists(sut, 'nft_items_content_uri_idx'), true);
    assert.equal(await revertLastMigration(sut), DEX_POOLS);
    assert.equal(await tableExists(sut, 'dex_pools'), false);
    assert.equal(await revertLastMigration(sut), ACCOUNT_LT_RANGES);
    assert.equal(await tableExists(sut, 'account_lt_ranges'), false);
    assert.equal(await revertLastMigration(sut), ACTION_LTS);
    assert.equal(await tableExists(sut, 'action_lts'), false);
    assert.equal(await revertLastMigration(sut), TELEMINT_ITEMS);
    assert.equal(await tableExists(sut, 'telemint_nft_items'), false);
    assert.equal(await revertLastMigration(sut), PARTITION_TRACE_HISTORY);
    assert.equal(await tableExists(sut, 'actions_lt_min'), false);
    assert.equal(await tableExists(sut, 'actions'), true);
    assert.equal(await revertLastMigration(sut), PARTITION_HISTORY);
    assert.equal(await tableExists(sut, 'transaction_lts'), false);
    assert.equal(await tableExists(sut, 'transactions_lt_min'), false);
    assert.equal(await tableExists(sut, 'transactions'), true);
    assert.equal(await revertLastMigration(sut), NFT_AUCTIONS);
    assert.equal(await tableExists(sut, 'getgems_nft_auctions'), false);
    assert.equal(await revertLastMigration(sut), CHAIN_IDENTITY);
    assert.equal(await tableExists(sut, 'chain_identity'), false);
    assert.equal(await revertLastMigration(sut), TRACE_ACCOUNTS);
    assert.equal(await tableExists(sut, 'trace_accounts'), false);
    assert.equal(await revertLastMigration(sut), NFT_SALES);
    assert.equal(await tableExists(sut, 'getgems_nft_sales'), false);
    assert.equal(await revertLastMigration(sut), ADDRESS_METADATA);
    assert.equal(await tableExists(sut, 'address_metadata'), false);
    assert.equal(await tableExists(sut, 'nft_items_content_uri_idx'), false);
    assert.equal(await tableExists(sut, 'jetton_masters_content_uri_idx'), false);
    assert.deepEqual(await columnNames(sut, 'api_plans'), [
      ...API_PLANS_COLUMNS,
      'streaming_connections',
      'streaming_addresses',
    ]);
    assert.equal(await revertLastMigration(sut), STREAMING_LIMITS);
    assert.deepEqual(await columnNames(sut, 'api_plans'), API_PLANS_COLUMNS);
    assert.equal(await revertLastMigration(sut), API_KEYS);
    assert.equal(await tableExists(sut, 'api_keys'), false);
    assert.equal(await tableExists(sut, 'api_plans'), false);
    assert.equal(await revertLastMigration(sut), DNS_MULTISIG_VESTING);
    assert.equal(await tableExists(sut, 'dns_entries'), false);
    assert.equal(await tableExists(sut, 'multisig'), false);
    assert.equal(await revertLastMigration(sut), DECODED);
    assert.equal(await tableExists(sut, 'traces'), false);
    assert.equal(await revertLastMigration(sut), CHAIN);
    for (const table of CHAIN_TABLES) {
      assert.equal(await tableExists(sut, table), false, table);
    }
    assert.equal(await revertLastMigration(sut), INIT);
    assert.equal(await tableExists(sut, 'indexer_cursor'), false);
    assert.deepEqual(await appliedMigrations(sut), []);
    assert.equal(await revertLastMigration(sut), null);
    assert.deepEqual(await runPendingMigrations(sut), ALL);
    assert.equal(await tableExists(sut, 'indexer_cursor'), true);
    assert.equal(await tableExists(sut, 'blocks'), true);
  });
});

async function tableExists(ds: DataSource, table: string): Promise<boolean> {
  const rows: unknown = await ds.query('SELECT to_regclass($1)::text AS t', [table]);
  assert.ok(Array.isArray(rows));
  return JSON.stringify(rows) !== JSON.stringify([{ t: null }]);
}

async function columnNames(ds: DataSource, table: string): Promise<string[]> {
  const rows: unknown = await ds.query(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  assert.ok(Array.isArray(rows));
  return rows.map((row: { column_name: string }) => row.column_name);
}

async function columns(ds: DataSource, table: string): Promise<unknown> {
  return ds.query(
    `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
}
