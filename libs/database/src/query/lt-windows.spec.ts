import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type LtRange } from './lt-lookup';
import { pageByLtWindows, WINDOWED_PAGE_MAX_ROWS } from './lt-windows';

/** Windows [0, 9], [10, 19], … [90, 99] with the rows at lts 0, 3, 6, … 99 (four per window or so). */
const WINDOWS: LtRange[] = Array.from({ length: 10 }, (_, i) => ({
  start: String(i * 10),
  end: String(i * 10 + 9),
}));
const LTS = Array.from({ length: 34 }, (_, i) => i * 3);

/** A statement over `ranges` in the page's order, recorded with its limit and offset. */
function table(sort: 'asc' | 'desc'): {
  calls: { ranges: readonly LtRange[]; limit: number; offset: number }[];
  read: (ranges: readonly LtRange[], limit: number, offset: number) => Promise<number[]>;
} {
  const calls: { ranges: readonly LtRange[]; limit: number; offset: number }[] = [];
  return {
    calls,
    read: (ranges, limit, offset) => {
      calls.push({ ranges, limit, offset });
      const inside = LTS.filter((lt) =>
        ranges.some((r) => lt >= Number(r.start) && lt <= Number(r.end)),
      );
      const ordered = sort === 'asc' ? inside : inside.reverse();
      return Promise.resolve(ordered.slice(offset, offset + limit));
    },
  };
}

void describe('pageByLtWindows', () => {
  void it('answers every page as one statement over all windows would', async () => {
    for (const sort of ['asc', 'desc'] as const) {
      const all = sort === 'asc' ? LTS : [...LTS].reverse();
      for (const [limit, offset] of [
        [1, 0],
        [3, 0],
        [4, 2],
        [10, 7],
        [34, 0],
        [100, 0],
        [5, 40],
      ] as const) {
        const t = table(sort);
        assert.deepEqual(
          await pageByLtWindows(WINDOWS, sort, limit, offset, t.read),
          all.slice(offset, offset + limit),
          `${sort} ${String(limit)} ${String(offset)}`,
        );
      }
    }
  });

  void it('reads the newest window first, then two, then four, each asking the rows still missing', async () => {
    const t = table('desc');
    assert.deepEqual(
      await pageByLtWindows(WINDOWS, 'desc', 9, 1, t.read),
      [96, 93, 90, 87, 84, 81, 78, 75, 72],
    );
    assert.deepEqual(t.calls, [
      { ranges: [{ start: '90', end: '99' }], limit: 10, offset: 0 },
      // Touching windows as one range.
      { ranges: [{ start: '70', end: '89' }], limit: 6, offset: 0 },
    ]);
  });

  void it('reads the oldest window first ascending, and stops at the last window', async () => {
    const t = table('asc');
    const rows = await pageByLtWindows(WINDOWS, 'asc', 1000, 0, t.read);
    assert.deepEqual(rows, LTS);
    assert.deepEqual(
      t.calls.map((c) => c.ranges),
      [
        [{ start: '0', end: '9' }],
        [{ start: '10', end: '29' }],
        [{ start: '30', end: '69' }],
        [{ start: '70', end: '99' }],
      ],
    );
  });

  void it('keeps windows apart that do not touch', async () => {
    const t = table('desc');
    const apart = [WINDOWS[0], WINDOWS[2], WINDOWS[5]].filter((w) => w !== undefined);
    await pageByLtWindows(apart, 'desc', 100, 0, t.read);
    assert.deepEqual(
      t.calls.map((c) => c.ranges),
      [
        [{ start: '50', end: '59' }],
        [
          { start: '0', end: '9' },
          { start: '20', end: '29' },
        ],
      ],
    );
  });

  void it('sends no statement without windows', async () => {
    const t = table('desc');
    assert.deepEqual(await pageByLtWindows([], 'desc', 10, 0, t.read), []);
    assert.deepEqual(await pageByLtWindows([], 'desc', 10, WINDOWED_PAGE_MAX_ROWS, t.read), []);
    assert.deepEqual(t.calls, []);
  });

  void it('reads a deep page in one statement over every window, the offset skipped by it', async () => {
    const t = table('asc');
    const offset = WINDOWED_PAGE_MAX_ROWS;
    assert.deepEqual(await pageByLtWindows(WINDOWS, 'asc', 1, offset, t.read), []);
    assert.deepEqual(t.calls, [{ ranges: [{ start: '0', end: '99' }], limit: 1, offset }]);
  });
});
