/**
 * `npm run classify:report`: writes bench/reports/classify-conformance.{md,json}, the classifier's
 * conformance with toncenter's action types (bench/support/classify-conformance.ts): which types the
 * project emits, and how the golden cases (real traces with ton-indexer's expected actions) cover them
 * and how many of those pass. Reads the sources and fixtures of the working directory.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { classifyTrace, defaultRegistry } from '@app/classify';
import { type CliSpec, parseCommandLine, runCli } from '@app/config';
import { fixturePath } from '@app/testing';
import { checkCase, KNOWN_GAPS, loadCases, readTraceFile } from '@app/decoder/testing';
import { expandSupportedActionTypes } from '@app/gateway';
import {
  type CaseRun,
  classifierSources,
  conformance,
  emittedTypes,
  renderConformance,
} from './support/classify-conformance';

export const CLASSIFY_REPORT_CLI = {
  name: 'classify-report',
  command: 'npm run classify:report --',
  summary:
    "Writes bench/reports/classify-conformance.md and .json: for each of toncenter's action types, whether the classifier emits it and how many golden cases (real traces with ton-indexer's expected actions) cover it and pass.",
  synopsis: ['[--help]'],
  options: {},
  maxPositionals: 0,
} as const satisfies CliSpec<Record<string, never>>;

/** toncenter's versions in order, then the group only its name shows (tgBTC). */
const VERSIONS = ['v1', 'v2', 'v3', 'v4', 'tgbtc'] as const;

async function runCases(): Promise<CaseRun[]> {
  const casesDir = fixturePath('indexer-traces', 'cases');
  const tracesDir = fixturePath('indexer-traces', 'traces');
  const runs: CaseRun[] = [];
  const files = readdirSync(casesDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  for (const file of files) {
    for (const c of loadCases(`${casesDir}/${file}`, file)) {
      const trace = await readTraceFile(`${tracesDir}/${c.traceId}.lz4`);
      const { actions } = classifyTrace(trace, defaultRegistry);
      let passed = true;
      try {
        checkCase(c, actions);
      } catch {
        // checkCase throws on the first mismatch; the report counts the case as failed.
        passed = false;
      }
      runs.push({
        key: `${file}: ${c.name}`,
        expectedTypes: c.expected.map((e) => e.type.toLowerCase()),
        passed,
        classifiedTypes: actions.map((a) => a.type),
      });
    }
  }
  return runs;
}

async function main(argv: readonly string[]): Promise<number> {
  parseCommandLine(CLASSIFY_REPORT_CLI, argv);
  const root = process.cwd();
  const seen = new Set<string>();
  const versions = VERSIONS.map((v): [string, string[]] => {
    const types = expandSupportedActionTypes([v]).filter((t) => v === 'v1' || !seen.has(t));
    types.forEach((t) => seen.add(t));
    return [v, types];
  });
  const registered = new Set(
    [...defaultRegistry.matchers, ...defaultRegistry.failedExternalMatchers].map(
      (m) => m.constructor.name,
    ),
  );
  const emitted = emittedTypes(classifierSources(root), registered, (path) =>
    path.includes('/core/'),
  );
  const runs = await runCases();
  const rows = conformance(versions, emitted, runs);
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
    .toString()
    .trim();
  const date = new Date().toISOString().slice(0, 10);
  const dir = resolve(root, 'bench/reports');
  mkdirSync(dir, { recursive: true });
  const json = {
    commit,
    date,
    types: rows,
    cases: runs.map((r) => ({ key: r.key, passed: r.passed, expected: r.expectedTypes })),
  };
  writeFileSync(resolve(dir, 'classify-conformance.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(
    resolve(dir, 'classify-conformance.md'),
    renderConformance(rows, runs, { commit, date, gaps: KNOWN_GAPS }),
  );
  process.stdout.write(`classify-conformance: report written to ${dir}/classify-conformance.md\n`);
  return 0;
}

runCli(CLASSIFY_REPORT_CLI, main);
