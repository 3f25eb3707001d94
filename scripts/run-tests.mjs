// Runs the compiled test files (dist/) with Node's own test runner.
// Usage: node scripts/run-tests.mjs [unit|integration|e2e|all] [--only <substring>]
// unit:        *.spec.js beside the code and under test/unit (pure code, no services)
// integration: test/integration/**/*.int-spec.js (real PostgreSQL, NATS, localnet)
// e2e:         test/e2e/**/*.e2e-spec.js (the whole service over HTTP)
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const suite = process.argv[2] ?? 'all';
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
const suffixes = {
  unit: ['.spec.js'],
  integration: ['.int-spec.js'],
  e2e: ['.e2e-spec.js'],
  all: ['.spec.js', '.int-spec.js', '.e2e-spec.js'],
}[suite];
if (!suffixes) {
  console.error(`unknown suite "${suite}": use unit, integration, e2e or all`);
  process.exit(2);
}

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

// `.spec.js` must not also match `.int-spec.js` / `.e2e-spec.js` for the unit suite.
const isKind = (f, s) =>
  s === '.spec.js' ? f.endsWith(s) && !/\.(int|e2e)-spec\.js$/.test(f) : f.endsWith(s);
const files = ['apps', 'libs', 'test']
  .flatMap((root) => {
    try {
      return walk(join('dist', root), []);
    } catch {
      return [];
    }
  })
  .filter((f) => suffixes.some((s) => isKind(f, s)))
  .filter((f) => !only || f.includes(only))
  .sort();

if (files.length === 0) {
  console.error(`no test files found for suite "${suite}" (did the build run?)`);
  process.exit(1);
}

const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const WATCHDOG_MS = Number(process.env.TEST_WATCHDOG_MS ?? 25 * 60 * 1000);
const result = spawnSync(
  process.execPath,
  // No --test-force-exit: on Node 20 it can end a file before its last suite has run, silently.
  // A test that hangs fails by its own timeout; a file that lingers after its tests is stopped by
  // the watchdog below, failing the run rather than hiding it.
  [
    '--enable-source-maps',
    '--test',
    '--test-timeout=300000',
    `--test-concurrency=${concurrency}`,
    ...files,
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test' },
    timeout: WATCHDOG_MS,
    killSignal: 'SIGKILL',
  },
);
if (result.error) {
  console.error(`test run stopped after ${WATCHDOG_MS} ms: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
