import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { BlockPace } from './block-pace';

void describe('BlockPace', () => {
  void it('assumes the initial interval until the head has advanced for long enough', () => {
    const pace = new BlockPace(400, 120_000, 5_000);
    assert.equal(pace.blockMs(), 400);
    pace.observe(1_000, 0);
    pace.observe(1_005, 1_000); // 1 s of samples: too short to measure
    assert.equal(pace.blockMs(), 400);
    assert.equal(pace.ageMs(990, 1_005), 6_000);
  });

  void it('measures the interval of a 5 s chain and ages blocks by it', () => {
    const pace = new BlockPace(400, 120_000, 5_000);
    for (let t = 0; t <= 60_000; t += 1_000) {
      pace.observe(2_000 + Math.floor(t / 5_000), t); // one block every 5 s, probed every second
    }
    assert.equal(pace.blockMs(), 5_000);
    // 2000 blocks behind the head at 5 s: toncenter 2.0's archival rule, 10,000 s
    assert.equal(pace.ageMs(2_012, 4_012), 10_000_000);
    assert.equal(pace.ageMs(2_020, 2_012), 0, 'a block ahead of the head is not old');
  });

  void it('forgets samples older than its window, so a faster chain is measured as such', () => {
    const pace = new BlockPace(400, 10_000, 5_000);
    let seqno = 0;
    for (let t = 0; t <= 20_000; t += 1_000) {
      seqno += 1; // 1 s blocks first
      pace.observe(seqno, t);
    }
    for (let t = 21_000; t <= 60_000; t += 1_000) {
      seqno += 5; // then 200 ms blocks
      pace.observe(seqno, t);
    }
    assert.equal(pace.blockMs(), 200);
  });

  void it('ignores a head that went backwards or did not move', () => {
    const pace = new BlockPace(400, 120_000, 5_000);
    pace.observe(100, 0);
    pace.observe(90, 1_000);
    pace.observe(100, 2_000);
    pace.observe(110, 10_000);
    assert.equal(pace.blockMs(), 1_000);
  });
});
