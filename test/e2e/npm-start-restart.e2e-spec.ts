import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { findFreePort } from '@app/database';
import { EMPTY_CHAIN_ENV, Standalone, workDir } from './support/standalone-process';

/**
 * `npm start`, stopped, and `npm start` again in the same directory: the local network resumes its
 * chain from .data/localnet and the embedded PostgreSQL's index goes on with it.
 */
describe('npm start, stopped and started again (embedded PostgreSQL, local network)', () => {
  const dir = workDir();
  let run: Standalone | undefined;

  after(async () => {
    await run?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resumes the same chain: block 10 the same in v2 and v3, and v3 follows the head past the restart', async () => {
    const port = await findFreePort();
    run = await new Standalone(dir, port, EMPTY_CHAIN_ENV).start();
    const zeroState = await run.zeroState();
    const block10 = await run.indexed(10);
    assert.equal(await run.v2Block(10), block10);
    const headBefore = await run.head();
    await run.stop();

    run = await new Standalone(dir, port, EMPTY_CHAIN_ENV).start();
    assert.match(
      run.output,
      /"msg":"resumed the local chain: \d+ masterchain blocks produced again"/,
    );
    assert.equal(await run.zeroState(), zeroState);
    assert.equal(await run.v2Block(10), block10);
    assert.equal(await run.v3Block(10), block10);
    assert.ok((await run.head()) >= headBefore);
    const later = (await run.head()) + 3;
    assert.equal(await run.indexed(later), await run.v2Block(later));
    assert.equal((await run.get('readyz')).status, 200);
    assert.ok(!run.output.includes('chain mismatch'), 'no refusal');
    assert.ok(!run.output.includes('was cleared'), 'the index was kept');
  });
});
