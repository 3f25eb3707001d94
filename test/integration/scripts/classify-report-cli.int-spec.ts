import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';

/**
 * `npm run classify:report` answers --help and refuses a bad command line in one line, as every CLI
 * does (cli-usage.int-spec.ts; kept apart so that file stays within its time budget on a loaded
 * machine).
 */
const ENTRY = resolve(__dirname, '../../../bench/classify-report.js');

function run(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [ENTRY, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

void describe('npm run classify:report command line', () => {
  void it('--help: the usage on stdout, exit 0', () => {
    const help = run(['--help']);
    assert.deepEqual([help.code, help.stderr], [0, '']);
    assert.equal(help.stdout.split('\n')[0], 'usage: npm run classify:report -- [--help]');
    assert.ok(help.stdout.includes('classify-conformance'), help.stdout);
  });

  void it('a bad command line: one line on stderr, exit 2', () => {
    assert.deepEqual(run(['now']), {
      code: 2,
      stdout: '',
      stderr:
        "classify-report: unexpected argument 'now' (see npm run classify:report -- --help)\n",
    });
    assert.deepEqual(run(['--quick']), {
      code: 2,
      stdout: '',
      stderr: "classify-report: unknown option '--quick' (see npm run classify:report -- --help)\n",
    });
  });
});
