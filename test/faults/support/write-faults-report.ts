/**
 * Writes bench/reports/faults.md and faults.json from the results the fault-spec files left in a
 * directory (FAULTS_RESULTS_DIR): `node write-faults-report.js <dir>`. Run by
 * `scripts/run-tests.mjs faults` after the suite, which also leaves `run.json` there: when the run
 * started, the load average then, the files it ran and the test runner's exit status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  headLines,
  reportHead,
  runContext,
  type Target,
  targetsTable,
  writeReport,
} from '../../../bench/support/report';
import { FaultFileResult, MISSED } from './fault-ledger';

const RunInfo = z.object({
  date: z.string(),
  loadBefore: z.number(),
  files: z.array(z.string()),
  status: z.number().nullable(),
});

/** Every missed target or precondition the files noted, with the file it is from. */
function missedLines(dir: string): string[] {
  return fileResults(dir).flatMap((r) =>
    r.notes.filter((n) => n.startsWith(MISSED)).map((n) => `${r.file}: ${n}`),
  );
}

function fileResults(dir: string): FaultFileResult[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.fault-spec.js.json'))
    .sort()
    .map((name) => FaultFileResult.parse(JSON.parse(readFileSync(join(dir, name), 'utf8'))));
}

function main(dir: string): string {
  const run = RunInfo.parse(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')));
  const results = fileResults(dir);
  const reported = new Set(results.map((r) => r.file));
  const silent = run.files.filter((file) => !reported.has(file));
  const targets: Target[] = results.flatMap((r) => r.targets);
  const head = reportHead({ ...runContext(), date: run.date, loadBefore: run.loadBefore }, targets);
  const passed = run.status === 0 && silent.length === 0 && targets.every((t) => t.met);
  const markdown = [
    '# Fault injection',
    '',
    headLines(head),
    `- result: ${passed ? 'every fault test passed and every target was met' : '**failures** (see the tables and the test output)'}`,
    '',
    '`npm run test:faults` runs `test/faults/*.fault-spec.ts` (also a step of CI). Each fault is a test',
    'that fails when its target is missed; this report lists what each measured. Counts are of',
    'requests, rows or runs that went wrong, so every goal is `<= 0` except the recovery times.',
    '',
    '## Targets',
    '',
    targetsTable(targets),
    ...results.flatMap((r) => [
      '',
      `## ${r.title}`,
      '',
      `\`test/faults/${r.file.replace(/\.js$/, '.ts')}\``,
      '',
      ...(r.notes.length === 0 ? ['No observations recorded.'] : r.notes.map((n) => `- ${n}`)),
    ]),
    ...(silent.length === 0
      ? []
      : [
          '',
          '## Files without results',
          '',
          ...silent.map((f) => `- ${f}: it stopped before writing its results`),
        ]),
  ].join('\n');
  return writeReport('faults', markdown, head, {
    testsExitStatus: run.status,
    files: results,
    ...(silent.length === 0 ? {} : { filesWithoutResults: silent }),
  });
}

const dir = process.argv[2];
if (dir === undefined) {
  process.stderr.write('usage: node write-faults-report.js <results dir>\n');
  process.exit(2);
}
process.stdout.write(`fault report written to ${main(dir)}\n`);
// The suite's last lines are what a CI summary shows: the misses, each with what went wrong.
for (const line of missedLines(dir)) {
  process.stdout.write(`${line}\n`);
}
