import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { Subjects } from '@app/contracts';

import { ForwardedReplyChecker } from './forwarded-reply.checker';
import { checkReplyJson } from './reply-check';

const subject = Subjects.query.masterchainInfo;
/** A v3 masterchainInfo reply is {first, last}: two Block objects; `{}` breaks it at both. */
const broken = JSON.stringify({ first: null });

void describe(checkReplyJson.name, () => {
  void it('names what breaks the contract, and refuses text that is not JSON or has no contract', () => {
    const check = checkReplyJson(subject, broken);
    assert.ok(!check.ok);
    assert.match(check.problem, /^first: .*; last: /);
    assert.deepEqual(checkReplyJson(subject, '{"first":'), {
      ok: false,
      problem: 'not JSON: SyntaxError: Unexpected end of JSON input',
    });
    assert.deepEqual(checkReplyJson('ton.query.v1.nothing', '{}'), {
      ok: false,
      problem: 'no contract for ton.query.v1.nothing',
    });
  });

  void it('accepts a reply of the contract', () => {
    assert.deepEqual(checkReplyJson(Subjects.query.addressBook, '{}'), { ok: true });
  });
});

void describe(ForwardedReplyChecker.name, () => {
  void it('answers the same checks on its worker thread as inline, in any number', async () => {
    // Room for all of them in flight (by default a few, and the rest skipped).
    const sut = new ForwardedReplyChecker({ maxPending: 100 });
    try {
      const texts = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? '{}' : '[1]'));
      const checks = await Promise.all(
        texts.map((json) => sut.check(Subjects.query.addressBook, json)),
      );
      assert.deepEqual(
        checks,
        texts.map((json) => checkReplyJson(Subjects.query.addressBook, json)),
      );
      assert.equal(checks.filter((c) => c.ok).length, 25);
      // They were answered by the thread, not by the inline fallback.
      assert.equal(sut.threaded, true);
      // The bytes a reply crossed NATS in are checked as its text is, on the thread and inline.
      const bytes = texts.map((json) => Buffer.from(json));
      assert.deepEqual(
        await Promise.all(bytes.map((json) => sut.check(Subjects.query.addressBook, json))),
        checks,
      );
      assert.deepEqual(
        bytes.map((json) => checkReplyJson(Subjects.query.addressBook, json)),
        checks,
      );
    } finally {
      await sut.close();
    }
  });

  void it('skips a reply while the worker is behind, and checks inline once it is closed', async () => {
    const behind = new ForwardedReplyChecker({ maxPending: 0 });
    assert.deepEqual(await behind.check(subject, broken), { ok: true, skipped: true });
    await behind.close();
    const one = new ForwardedReplyChecker({ maxPending: 1 });
    try {
      // One in flight on the worker, the next skipped; once answered, checked again.
      const [first, second] = await Promise.all([
        one.check(subject, broken),
        one.check(subject, broken),
      ]);
      assert.deepEqual(
        [first, second],
        [checkReplyJson(subject, broken), { ok: true, skipped: true }],
      );
      assert.deepEqual(await one.check(subject, broken), checkReplyJson(subject, broken));
    } finally {
      await one.close();
    }
    const closed = new ForwardedReplyChecker();
    await closed.close();
    assert.deepEqual(await closed.check(subject, broken), checkReplyJson(subject, broken));
  });

  void it('skips checks once its share of a core is spent, and checks again as it refills', async () => {
    let clock = 0;
    // A clock that advances 30 ms per reading: each inline check costs 30 ms of a 100 ms budget.
    const sut = new ForwardedReplyChecker({ cpuShare: 0.1, now: () => (clock += 30) });
    // Closed, it checks every reply inline, where the test's clock measures it.
    await sut.close();
    const results = [];
    for (let i = 0; i < 6; i++) {
      results.push(await sut.check(subject, broken));
    }
    // Budget 100 ms, refilled by 9 between checks (90 ms × 0.1); each check costs 30:
    // 100 → 70, 79 → 49, 58 → 28, 37 → 7, 16 → -14, then -5: spent.
    assert.deepEqual(
      results.map((r) => ('skipped' in r ? 'skipped' : r.ok)),
      [false, false, false, false, false, 'skipped'],
    );
    clock += 1000;
    const again = await sut.check(subject, broken);
    assert.equal(again.ok, false);
    assert.throws(() => new ForwardedReplyChecker({ cpuShare: 0 }), /cpuShare must be in/);
  });
});
