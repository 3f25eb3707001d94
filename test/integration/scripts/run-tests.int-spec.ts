import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

/**
 * scripts/run-tests.mjs on a project of its own: one compiled unit test file whose suite has a
 * passing test and two failing ones. A CI summary shows the end of the output, so the failures
 * must be repeated there, each with its place and its error.
 */
const REPO = process.cwd();
const DEMO = `
const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
describe('an outage', () => {
  it('answers', () => {});
  it('fails fast', () => {
    assert.ok(false, 'only 3 requests during the outage');
  });
  it('keeps every row', () => {
    assert.deepEqual({ rows: 1 }, { rows: 2 });
  });
});
`;

void describe('scripts/run-tests.mjs', () => {
  const root = mkdtempSync(join(tmpdir(), 'run-tests-'));
  after(() => {
    rmSync(root, { recursive: true, force: true });
  });

  void it('ends its output with each failed test, where it is and its error', () => {
    mkdirSync(join(root, 'dist', 'test'), { recursive: true });
    const file = join(root, 'dist', 'test', 'outage.spec.js');
    writeFileSync(file, DEMO);
    // Without the variable Node's runner sets for the files it runs, the child runs as a runner
    // of its own, not as a part of this one.
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, [join(REPO, 'scripts', 'run-tests.mjs'), 'unit'], {
      cwd: root,
      encoding: 'utf8',
      env,
    });
    assert.equal(run.status, 1);
    const summary = run.stderr.slice(run.stderr.lastIndexOf('\n2 failed:\n'));
    assert.deepEqual(summary.trim().split('\n'), [
      '2 failed:',
      `  fails fast (${file}:6:3): only 3 requests during the outage`,
      `  keeps every row (${file}:9:3): Expected values to be strictly deep-equal: | + actual - expected | { | +   rows: 1 | -   rows: 2 | }`,
    ]);
  });
});
