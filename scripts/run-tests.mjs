// Runs the compiled test files (dist/) with Node's own test runner.
// Usage: node scripts/run-tests.mjs [unit|integration|e2e|all|faults] [--only <substring>]
// unit:        *.spec.js beside the code and under test/unit (pure code, no services)
// integration: apps/*/test/**/*.int-spec.js (an app's own) and test/integration/**/*.int-spec.js
//              (libs, deploy, scripts): real PostgreSQL, NATS, localnet
// e2e:         test/e2e/**/*.e2e-spec.js (the whole service over HTTP)
// faults:      test/faults/*.fault-spec.js (private NATS and PostgreSQL killed and restarted, apps
//              SIGKILLed, full disks); not part of `all`. Writes bench/reports/faults.{md,json}.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { failureLines } from './test-failures.mjs';

const suite = process.argv[2] ?? 'all';
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
const suffixes = {
  unit: ['.spec.js'],
  integration: ['.int-spec.js'],
  e2e: ['.e2e-spec.js'],
  all: ['.spec.js', '.int-spec.js', '.e2e-spec.js'],
  faults: ['.fault-spec.js'],
}[suite];
if (!suffixes) {
  console.error(`unknown suite "${suite}": use unit, integration, e2e, all or faults`);
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

// `.spec.js` must not also match `.int-spec.js` / `.e2e-spec.js` / `.fault-spec.js` for the unit suite.
const isKind = (f, s) =>
  s === '.spec.js' ? f.endsWith(s) && !/\.(int|e2e|fault)-spec\.js$/.test(f) : f.endsWith(s);
const files = ['apps', 'libs', 'test']
  .flatMap((root) => {
    try {
      return walk(join('dist', root), []);
    } catch {
      // a root not compiled to dist/ has no specs to run.
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

// The fault files hand their measured targets to the report through this directory.
const tapDir = mkdtempSync(join(tmpdir(), 'test-tap-'));
const tapCopy = join(tapDir, 'run.tap');
const faultResults = suite === 'faults' ? mkdtempSync(join(tmpdir(), 'fault-results-')) : undefined;
const startedAt = new Date().toISOString();
const loadBefore = Math.round((loadavg()[0] ?? 0) * 100) / 100;

// The fault files judge how fast the mesh answers and recovers while its dependencies fail: two of
// them at once on a 2-core machine measure each other, so they run one at a time.
const concurrency = process.env.TEST_CONCURRENCY ?? (suite === 'faults' ? '1' : '2');
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
    // The runner's usual report on the terminal, and a TAP copy whose failures are repeated last.
    `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapCopy}`,
    ...files,
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ...(faultResults === undefined ? {} : { FAULTS_RESULTS_DIR: faultResults }),
    },
    timeout: WATCHDOG_MS,
    killSignal: 'SIGKILL',
  },
);
const failed = existsSync(tapCopy) ? failureLines(readFileSync(tapCopy, 'utf8')) : [];
rmSync(tapDir, { recursive: true, force: true });
if (failed.length > 0) {
  console.error(`\n${String(failed.length)} failed:`);
  for (const line of failed) {
    console.error(`  ${line}`);
  }
}
if (faultResults !== undefined) {
  writeFileSync(
    join(faultResults, 'run.json'),
    JSON.stringify({
      date: startedAt,
      loadBefore,
      files: files.map((f) => basename(f)),
      status: result.error ? null : result.status,
    }),
  );
  const report = spawnSync(
    process.execPath,
    [join('dist', 'test', 'faults', 'support', 'write-faults-report.js'), faultResults],
    { stdio: 'inherit' },
  );
  rmSync(faultResults, { recursive: true, force: true });
  if (report.status !== 0) {
    console.error('the fault report could not be written');
    process.exit(1);
  }
}
if (result.error) {
  console.error(`test run stopped after ${WATCHDOG_MS} ms: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
