import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDuration, formatProgress } from './progress-reporter';

void describe('backfill progress', () => {
  void it('renders blocks, rates and ETA', () => {
    assert.equal(
      formatProgress(
        { done: 50, total: 200, transactions: 5000, quarantined: 0, elapsedSeconds: 10 },
        10,
      ),
      '[###.......] 50/200 mc blocks 25.0% 5.0 blocks/s 500 tx/s ETA 30s',
    );
    assert.equal(
      formatProgress({ done: 0, total: 10, transactions: 0, quarantined: 2, elapsedSeconds: 0 }, 4),
      '[....] 0/10 mc blocks 0.0% 0.0 blocks/s 0 tx/s ETA ? quarantined 2',
    );
  });

  void it('formats durations', () => {
    assert.equal(formatDuration(59.4), '59s');
    assert.equal(formatDuration(61), '1m01s');
    assert.equal(formatDuration(3 * 3600 + 5 * 60), '3h05m');
    assert.equal(formatDuration(Number.NaN), '?');
  });
});
