import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClassifyInputRepository, createDataSource, type DataSource } from '@app/database';
import { NOMINATOR_POOL_CODE_HASH } from '@app/classify';
import { createTestDatabase, type TestDatabase } from '@app/testing';

/**
 * The classifier's nominator pools (ClassifyInputRepository.interfaces): toncenter knows a pool by the
 * code hash of its latest state alone, so an account is a pool when `latest_account_states` has it
 * with the pool's code hash, and only then.
 */
const POOL = `-1:${'D'.repeat(64)}`;
const WALLET = `0:${'A'.repeat(64)}`;
const UNKNOWN = `0:${'B'.repeat(64)}`;
const WALLET_CODE = Buffer.from(
  'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
  'hex',
).toString('base64');

void describe('nominator pools in the classifier input (ClassifyInputRepository)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const inputs = new ClassifyInputRepository();

  before(async () => {
    db = await createTestDatabase({ prefix: 'classify_pools' });
    ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    const rows: [string, string][] = [
      [POOL, NOMINATOR_POOL_CODE_HASH],
      [WALLET, WALLET_CODE],
    ];
    for (const [i, [account, code]] of rows.entries()) {
      const hash = `${String(i).padStart(43, 'A')}=`;
      await ds.query(
        `INSERT INTO latest_account_states (account, hash, balance, balance_extra_currencies,
           account_status, timestamp, last_trans_hash, last_trans_lt, code_hash)
         VALUES ($1, $2, 7, '{}', 'active', 1700000000, $2, 5, $3)`,
        [account, hash, code],
      );
    }
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  void it('names the accounts running the asked pool code', async () => {
    const found = await inputs.interfaces(
      ds.manager,
      [POOL, WALLET, UNKNOWN],
      [NOMINATOR_POOL_CODE_HASH],
    );
    assert.deepEqual(found.nominatorPools, [POOL]);
  });

  void it('names none when no pool code is asked for', async () => {
    const found = await inputs.interfaces(ds.manager, [POOL, WALLET]);
    assert.deepEqual(found.nominatorPools, []);
  });
});
