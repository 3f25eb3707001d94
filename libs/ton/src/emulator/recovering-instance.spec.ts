import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecoveringInstance } from './recovering-instance';

/** An instance that works until `break()` and fails every call afterwards, like a trapped module. */
class Breakable {
  broken = false;
  constructor(readonly id: number) {}

  break(): void {
    this.broken = true;
  }

  call(): Promise<number> {
    return this.broken
      ? Promise.reject(new Error(`instance ${String(this.id)} broken`))
      : Promise.resolve(this.id);
  }
}

function holder(): {
  recovering: RecoveringInstance<Breakable>;
  made: Breakable[];
  told: unknown[];
} {
  const made: Breakable[] = [];
  const told: unknown[] = [];
  const recovering = new RecoveringInstance(
    () => {
      const instance = new Breakable(made.length);
      made.push(instance);
      return Promise.resolve(instance);
    },
    (error) => told.push(error),
  );
  return { recovering, made, told };
}

describe('RecoveringInstance', () => {
  it('creates the instance once, on first use, and keeps it while calls succeed', async () => {
    const { recovering, made } = holder();
    assert.equal(made.length, 0);
    assert.equal(await recovering.run((i) => i.call()), 0);
    assert.equal(await recovering.run((i) => i.call()), 0);
    assert.equal(made.length, 1);
    assert.equal(recovering.discarded, 0);
  });

  it('discards a broken instance and answers the same call on a fresh one', async () => {
    const { recovering, made, told } = holder();
    await recovering.run((i) => i.call());
    made[0]?.break();
    assert.equal(await recovering.run((i) => i.call()), 1);
    assert.equal(recovering.discarded, 1);
    assert.deepEqual(
      told.map((e) => (e instanceof Error ? e.message : e)),
      ['instance 0 broken'],
    );
  });

  it('throws a call that breaks the fresh instance too, and serves the next call on a third', async () => {
    const { recovering, made } = holder();
    const poison = (i: Breakable): Promise<number> => {
      i.broken = true;
      return i.call();
    };
    await assert.rejects(recovering.run(poison), { message: 'instance 1 broken' });
    assert.equal(recovering.discarded, 2);
    assert.equal(await recovering.run((i) => i.call()), 2);
    assert.equal(made.length, 3);
  });

  it('retries a failed creation on the next call', async () => {
    let attempts = 0;
    const recovering = new RecoveringInstance(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('no memory')) : Promise.resolve(7);
    });
    // The first call's retry already creates again.
    assert.equal(await recovering.run((n) => Promise.resolve(n)), 7);
    assert.equal(attempts, 2);
    assert.equal(recovering.discarded, 0);
  });
});
