import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ClassifyInputRepository,
  ContractRepository,
  createDataSource,
  type DataSource,
  type DexPoolRow,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';

/**
 * DeDust pools through PostgreSQL: the decoder's state upsert into dex_pools (a pool's row only moves
 * forward by lt, as toncenter's insert_dedust_pools) and the classifier's read of the asked pools'
 * assets (ClassifyInputRepository.interfaces), a null asset being TON.
 */
const TON_POOL = `0:${'1'.repeat(64)}`;
const JETTON_POOL = `0:${'2'.repeat(64)}`;
const ELSEWHERE = `0:${'3'.repeat(64)}`;
const JETTON_A = `0:${'A'.repeat(64)}`;
const JETTON_B = `-1:${'B'.repeat(64)}`;
const CODE = `${'c'.repeat(43)}=`;
const DATA = `${'d'.repeat(43)}=`;

const pool = (
  over: Partial<DexPoolRow> & Pick<DexPoolRow, 'address' | 'lastTransactionLt'>,
): DexPoolRow => ({
  dex: 'dedust',
  asset_1: null,
  asset_2: JETTON_A,
  reserve_1: 5_000_000_000n,
  reserve_2: 123_456_789_012_345_678_901_234_567_890n,
  poolType: 'volatile',
  fee: 0.0025,
  codeHash: CODE,
  dataHash: DATA,
  ...over,
});

const save = (rows: DexPoolRow[]) => ({
  dnsEntries: [],
  multisigs: [],
  multisigOrders: [],
  vestings: [],
  dexPools: rows,
});

void describe('dex_pools (ContractRepository, ClassifyInputRepository)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const contracts = new ContractRepository();
  const inputs = new ClassifyInputRepository();

  before(async () => {
    db = await createTestDatabase({ prefix: 'dex_pools' });
    ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    await ds.transaction((m) =>
      contracts.saveContracts(
        m,
        save([
          pool({ address: TON_POOL, lastTransactionLt: 100n }),
          pool({
            address: JETTON_POOL,
            lastTransactionLt: 200n,
            asset_1: JETTON_A,
            asset_2: JETTON_B,
            poolType: 'stable',
            fee: 0.0005,
            dataHash: null,
          }),
          pool({ address: ELSEWHERE, lastTransactionLt: 300n }),
        ]),
      ),
    );
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  void it('stores each pool with toncenter columns: dex, pool type, fee, reserves exact', async () => {
    const rows: unknown[] = await ds.query(
      `SELECT address, dex, asset_1, asset_2, reserve_1::text, reserve_2::text, pool_type, fee,
              last_transaction_lt::text, code_hash, data_hash
       FROM dex_pools WHERE address = ANY($1::varchar[]) ORDER BY address`,
      [[TON_POOL, JETTON_POOL]],
    );
    assert.deepEqual(rows, [
      {
        address: TON_POOL,
        dex: 'dedust',
        asset_1: null,
        asset_2: JETTON_A,
        reserve_1: '5000000000',
        reserve_2: '123456789012345678901234567890',
        pool_type: 'volatile',
        fee: 0.0025,
        last_transaction_lt: '100',
        code_hash: CODE,
        data_hash: DATA,
      },
      {
        address: JETTON_POOL,
        dex: 'dedust',
        asset_1: JETTON_A,
        asset_2: JETTON_B,
        reserve_1: '5000000000',
        reserve_2: '123456789012345678901234567890',
        pool_type: 'stable',
        fee: 0.0005,
        last_transaction_lt: '200',
        code_hash: CODE,
        data_hash: null,
      },
    ]);
  });

  void it('gives the classifier the assets of the asked pools only, with their lt', async () => {
    const found = await inputs.interfaces(ds.manager, [
      TON_POOL,
      JETTON_POOL,
      `0:${'9'.repeat(64)}`,
    ]);
    assert.deepEqual(
      found.dexPools.sort((a, b) => a.address.localeCompare(b.address)),
      [
        { address: TON_POOL, asset_1: null, asset_2: JETTON_A, last_transaction_lt: '100' },
        { address: JETTON_POOL, asset_1: JETTON_A, asset_2: JETTON_B, last_transaction_lt: '200' },
      ],
    );
  });

  void it('a later transaction replaces the row, an earlier one leaves it', async () => {
    await ds.transaction((m) =>
      contracts.saveContracts(
        m,
        save([
          pool({ address: TON_POOL, lastTransactionLt: 150n, reserve_1: 7n }),
          pool({ address: JETTON_POOL, lastTransactionLt: 199n, reserve_1: 1n, asset_1: null }),
        ]),
      ),
    );
    const rows: unknown[] = await ds.query(
      `SELECT address, asset_1, reserve_1::text, last_transaction_lt::text FROM dex_pools
       WHERE address = ANY($1::varchar[]) ORDER BY address`,
      [[TON_POOL, JETTON_POOL]],
    );
    assert.deepEqual(rows, [
      { address: TON_POOL, asset_1: null, reserve_1: '7', last_transaction_lt: '150' },
      {
        address: JETTON_POOL,
        asset_1: JETTON_A,
        reserve_1: '5000000000',
        last_transaction_lt: '200',
      },
    ]);
  });
});
