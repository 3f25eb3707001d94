import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DATABASE_ENTITIES } from '../database.entities';
import { JettonBurnEntity } from './jetton-burn.entity';
import { AccountStateEntity } from './account-state.entity';
import { JettonWalletEntity } from './jetton-wallet.entity';
import {
  type ColumnName,
  entityColumns,
  jsonObject,
  type QueryRow,
  selectAll,
  selectList,
} from './query-row';
import { TraceEntity } from './trace.entity';

/** ColumnName's rule at run time, to hold the decorators' names against it. */
const snakeCase = (property: string): string =>
  property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

void describe('entity query rows', () => {
  void it('names every column as its property in snake_case', () => {
    const differing = DATABASE_ENTITIES.flatMap((entity) =>
      [...entityColumns(entity)]
        .filter(([property, column]) => column !== snakeCase(property))
        .map(([property, column]) => `${entity.name}.${property} → ${column}`),
    );
    assert.deepEqual(differing, []);
    // traces keeps ton-indexer's trailing underscores, in its properties as in its columns.
    assert.equal(selectList(TraceEntity, ['pendingEdges_', 'nodes_']), 'pending_edges_, nodes_');
  });

  void it('selects the columns of the keys, in their order, qualified when asked', () => {
    assert.equal(
      selectList(JettonBurnEntity, ['txLt', 'jettonWalletAddress', 'traceId'], 'E'),
      'E.tx_lt, E.jetton_wallet_address, E.trace_id',
    );
    assert.equal(selectList(JettonBurnEntity, ['amount', 'owner']), 'amount, owner');
    // Inherited columns (AccountStateFields) first, in the order TypeORM registers them.
    assert.equal(
      selectAll(AccountStateEntity, 'S'),
      'S.balance, S.balance_extra_currencies, S.account_status, S.frozen_hash, S.data_hash, S.code_hash, S.hash, S.account',
    );
  });

  void it('builds a json object of the keys under their column names, int8 and numeric as text', () => {
    assert.equal(
      jsonObject(JettonWalletEntity, ['address', 'balance', 'owner', 'lastTransactionLt']),
      "json_build_object('address', address, 'balance', balance::text, 'owner', owner, 'last_transaction_lt', last_transaction_lt::text)",
    );
  });

  void it('refuses a key that is a property but not a column', () => {
    class Plain {
      value = 1;
    }
    assert.throws(() => selectList(Plain, ['value']), /Plain\.value is not a column/);
    assert.throws(() => jsonObject(Plain, ['value']), /Plain\.value is not a column/);
  });

  void it('types a row under the column names, int8 and numeric as strings', () => {
    const row: QueryRow<JettonBurnEntity, 'txLt' | 'txNow' | 'owner'> = {
      tx_lt: '4000001',
      tx_now: 1_770_000_000,
      owner: null,
    };
    const column: ColumnName<'forwardTonAmount'> = 'forward_ton_amount';
    assert.deepEqual([row.tx_lt, column], ['4000001', 'forward_ton_amount']);
  });
});
