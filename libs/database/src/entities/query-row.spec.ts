import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DATABASE_ENTITIES } from '../database.entities';
import { JettonBurnEntity } from './jetton-burn.entity';
import { AccountStateEntity } from './account-state.entity';
import { type ColumnName, entityColumns, type QueryRow, selectAll, selectList } from './query-row';
import { TraceEntity } from './trace.entity';

/** ColumnName's rule at run time, to hold the decorators' names against it. */
const snakeCase = (property: string): string =>
  property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

void describe('entity query rows', () => {
  void it('names every column as its property in snake_case, but for the trace graph columns', () => {
    const differing = DATABASE_ENTITIES.flatMap((entity) =>
      [...entityColumns(entity)]
        .filter(([property, column]) => column !== snakeCase(property))
        .map(([property, column]) => `${entity.name}.${property} → ${column}`),
    );
    // traces keeps ton-indexer's trailing underscores (nodes_, edges_, pending_edges_), so no
    // QueryRow of TraceEntity may be derived: its query rows stay written out.
    assert.deepEqual(differing, [
      'TraceEntity.pendingEdges → pending_edges_',
      'TraceEntity.edges → edges_',
      'TraceEntity.nodes → nodes_',
    ]);
    assert.ok(entityColumns(TraceEntity).size > 3);
  });

  void it('selects the columns of the keys, in their order, qualified when asked', () => {
    assert.equal(
      selectList(JettonBurnEntity, ['txLt', 'jettonWalletAddress', 'traceId'], 'E'),
      'E.tx_lt, E.jetton_wallet_address, E.trace_id',
    );
    assert.equal(selectList(JettonBurnEntity, ['amount', 'owner']), 'amount, owner');
    assert.equal(
      selectAll(AccountStateEntity, 'S'),
      'S.hash, S.account, S.balance, S.balance_extra_currencies, S.account_status, S.frozen_hash, S.data_hash, S.code_hash',
    );
  });

  void it('refuses a key that is a property but not a column', () => {
    class Plain {
      value = 1;
    }
    assert.throws(() => selectList(Plain, ['value']), /Plain\.value is not a column/);
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
