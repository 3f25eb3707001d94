import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountLtRanges, withinLtRanges } from './lt-lookup';

/** A stand-in for the DataSource that answers the map's lookup with `rows`, recording the call. */
function mapOf(rows: { from: string; to: string }[]): {
  calls: unknown[][];
  query: <T>(sql: string, params?: unknown[]) => Promise<T>;
} {
  const calls: unknown[][] = [];
  return {
    calls,
    query: <T>(_sql: string, params?: unknown[]): Promise<T> => {
      calls.push(params ?? []);
      return Promise.resolve(rows as T);
    },
  };
}

void describe('accountLtRanges', () => {
  void it('merges adjacent ranges and keeps the gaps, as inclusive bounds', async () => {
    const map = mapOf([
      { from: '30', to: '40' },
      { from: '0', to: '10' },
      { from: '10', to: '20' },
    ]);
    assert.deepEqual(await accountLtRanges(map, 'transactions', ['0:AA']), [
      { start: '0', end: '19' },
      { start: '30', end: '39' },
    ]);
    assert.deepEqual(map.calls, [[['0:AA'], 'transactions']]);
  });

  void it('merges a range inside another (ranges of an older and a newer width)', async () => {
    const map = mapOf([
      { from: '0', to: '100' },
      { from: '50', to: '60' },
      { from: '90', to: '120' },
    ]);
    assert.deepEqual(await accountLtRanges(map, 'messages', ['0:AA', '0:BB']), [
      { start: '0', end: '119' },
    ]);
  });

  void it('gives no range for an account without rows: the statement reads nothing', async () => {
    const ranges = await accountLtRanges(mapOf([]), 'trace_accounts', ['0:AA']);
    assert.deepEqual(ranges, []);
    assert.equal(
      withinLtRanges('T.lt', ranges, () => '$1'),
      'false',
    );
  });
});
