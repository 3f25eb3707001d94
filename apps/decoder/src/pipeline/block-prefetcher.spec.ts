import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type DecodeSession } from './block-planner';
import { BlockPrefetcher } from './block-prefetcher';

interface Planned {
  readonly mcSeqno: number;
  readonly session: DecodeSession;
  readonly decoded: { readonly transactions: number };
}

/** A prefetcher over fake stages that log what they did, in order; blocks hold `size(seqno)` txs. */
function fixture(size: (seqno: number) => number = () => 10, failRead?: number) {
  const log: string[] = [];
  const gates = new Map<number, () => void>();
  const sut = new BlockPrefetcher<null, number, Planned>(
    async (_ctx, mcSeqno) => {
      log.push(`read ${String(mcSeqno)}`);
      await Promise.resolve();
      if (mcSeqno === failRead) {
        throw new Error(`no block ${String(mcSeqno)}`);
      }
      return mcSeqno;
    },
    (_ctx, session, mcSeqno) => {
      log.push(`plan ${String(mcSeqno)}`);
      return new Promise<Planned>((resolve) => {
        const done = (): void => {
          resolve({ mcSeqno, session, decoded: { transactions: size(mcSeqno) } });
        };
        if (gates.has(-1)) {
          gates.set(mcSeqno, done); // held until released
        } else {
          done();
        }
      });
    },
    3,
  );
  /** What each stage did, in its order (the two stages interleave). */
  const stages = (): { read: string[]; plan: string[] } => ({
    read: log.filter((l) => l.startsWith('read')),
    plan: log.filter((l) => l.startsWith('plan')),
  });
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 20; i += 1) {
      await new Promise((r) => setImmediate(r));
    }
  };
  return { sut, log, gates, settle, stages };
}

const LIMITS = { blocks: 8, transactions: 1000 };

void describe('BlockPrefetcher', () => {
  void it('reads and plans ahead in order, up to `depth` blocks and never past the target', async () => {
    const { sut, log, settle, stages } = fixture();
    const first = await sut.take(null, 10, 11, LIMITS);
    await settle();
    assert.deepEqual(
      first.map((p) => p.mcSeqno),
      [10],
    );
    assert.deepEqual(stages(), { read: ['read 10', 'read 11'], plan: ['plan 10', 'plan 11'] });
    // 11 is planned: it comes as a range with 12 when the target has moved on and 12 is ready.
    const next = await sut.take(null, 11, 20, LIMITS);
    assert.deepEqual(
      next.map((p) => p.mcSeqno),
      [11],
    );
    await settle();
    assert.deepEqual(stages(), {
      read: ['read 10', 'read 11', 'read 12', 'read 13', 'read 14'],
      plan: ['plan 10', 'plan 11', 'plan 12', 'plan 13', 'plan 14'],
    });
    assert.ok(log.indexOf('read 14') < log.indexOf('plan 14'));
    const range = await sut.take(null, 12, 20, LIMITS);
    assert.deepEqual(
      range.map((p) => p.mcSeqno),
      [12, 13, 14],
    );
    // One session for the whole run, told what is committed.
    assert.equal(range[0]?.session, first[0]?.session);
    assert.equal(range[0]?.session.committed, 11);
  });

  void it('bounds a range by blocks and transactions, always giving at least the block asked for', async () => {
    const { sut, settle } = fixture((seqno) => (seqno === 3 ? 900 : 300));
    await sut.take(null, 1, 9, LIMITS);
    await settle();
    // 2 (300 tx) fits; 3 (900 tx) would pass 1000 in total.
    const range = await sut.take(null, 2, 9, LIMITS);
    assert.deepEqual(
      range.map((p) => p.mcSeqno),
      [2],
    );
    await settle();
    assert.deepEqual(
      (await sut.take(null, 3, 9, { blocks: 2, transactions: 1000 })).map((p) => p.mcSeqno),
      [3],
    );
    await settle();
    assert.deepEqual(
      (await sut.take(null, 4, 9, { blocks: 2, transactions: 1000 })).map((p) => p.mcSeqno),
      [4, 5],
    );
  });

  void it('takes only blocks whose plan is ready: a range never waits for the next block', async () => {
    const { sut, gates, settle } = fixture();
    gates.set(-1, () => undefined);
    const pending = sut.take(null, 1, 5, LIMITS);
    await settle();
    gates.get(1)?.();
    assert.deepEqual(
      (await pending).map((p) => p.mcSeqno),
      [1],
    );
  });

  void it('starts a new session when asked for anything but the next block (a retry after a failure)', async () => {
    const { sut, log, settle, stages } = fixture();
    const [one] = await sut.take(null, 1, 3, LIMITS);
    await settle();
    log.length = 0;
    // Block 1's transaction failed: the worker asks for 1 again.
    const [again] = await sut.take(null, 1, 3, LIMITS);
    await settle();
    assert.notEqual(again?.session, one?.session);
    assert.equal(again?.session.committed, 0);
    assert.deepEqual(stages(), {
      read: ['read 1', 'read 2', 'read 3'],
      plan: ['plan 1', 'plan 2', 'plan 3'],
    });
  });

  void it('fails the block whose read fails and every block after it, until a retry starts over', async () => {
    const { sut, settle } = fixture(() => 10, 2);
    assert.deepEqual(
      (await sut.take(null, 1, 4, LIMITS)).map((p) => p.mcSeqno),
      [1],
    );
    await settle();
    await assert.rejects(sut.take(null, 2, 4, LIMITS), /no block 2/);
    // The retry starts a new run (and, with the fake's block 2 still missing, fails the same way).
    await assert.rejects(sut.take(null, 2, 4, LIMITS), /no block 2/);
  });
});
