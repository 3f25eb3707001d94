import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountLtRanges, accountLtWindows, coveringLtRanges, withinLtRanges } from './lt-lookup';

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

void describe('accountLtWindows', () => {
  void it('keeps adjacent ranges apart and merges overlapping ones, ascending', async () => {
    const map = mapOf([
      { from: '20', to: '30' },
      { from: '0', to: '10' },
      { from: '10', to: '20' },
      { from: '25', to: '40' },
    ]);
    assert.deepEqual(await accountLtWindows(map, 'transactions', ['0:AA']), [
      { start: '0', end: '9' },
      { start: '10', end: '19' },
      { start: '20', end: '39' },
    ]);
  });
});

void describe('coveringLtRanges', () => {
  void it('keeps up to the maximum of ranges as they are, touching and overlapping ones merged', () => {
    assert.deepEqual(
      coveringLtRanges([
        { start: '10', end: '20' },
        { start: '0', end: '5' },
        { start: '21', end: '30' },
        { start: '15', end: '25' },
      ]),
      [
        { start: '0', end: '5' },
        { start: '10', end: '30' },
      ],
    );
  });

  void it('merges across the smallest gaps first beyond the maximum', () => {
    const ranges = [
      { start: '0', end: '0' },
      { start: '2', end: '2' },
      { start: '100', end: '100' },
      { start: '105', end: '105' },
      { start: '1000', end: '1000' },
    ];
    assert.deepEqual(coveringLtRanges(ranges, 3), [
      { start: '0', end: '2' },
      { start: '100', end: '105' },
      { start: '1000', end: '1000' },
    ]);
    assert.deepEqual(coveringLtRanges(ranges, 1), [{ start: '0', end: '1000' }]);
  });
});
