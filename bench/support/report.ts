import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';

/**
 * The report every benchmark writes: bench/reports/<name>.md and .json. The JSON starts with
 * where and on what it ran (`commit`, `date`, `machine`, `node`, the load average around the run: the
 * 2-core machine is shared) and `targets`, one entry per target the issues name; the Markdown shows the
 * same table. Benchmarks report, they do not fail: a missed target is `met: false`.
 */

/** Where and on what a benchmark ran, taken when it starts. */
export interface RunContext {
  readonly date: string;
  readonly commit: string;
  readonly machine: string;
  readonly node: string;
  /** 1-minute load average when the run started. */
  readonly loadBefore: number;
}

/** One target of an issue and whether this run met it. */
export interface Target {
  readonly name: string;
  /** The measured value; null when this run could not measure it (then not met). */
  readonly value: number | null;
  readonly unit: string;
  /** The bound as text, e.g. `< 1`, `>= 2000`. */
  readonly target: string;
  readonly met: boolean;
}

/** The head of every JSON report; each benchmark adds its own fields after it. */
export interface ReportHead {
  readonly commit: string;
  readonly date: string;
  readonly machine: string;
  readonly node: string;
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly targets: readonly Target[];
  /** Set when the report was re-rendered from an earlier run's numbers instead of measured again. */
  readonly rerendered?: { readonly date: string; readonly commit: string; readonly reason: string };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Outside a checkout (an unpacked image) the commit is simply unknown.
    return 'unknown';
  }
}

export function runContext(): RunContext {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: `${cpu}, ${String(cpus().length)} cores, ${String(Math.round(totalmem() / 2 ** 30))} GiB`,
    node: process.version,
    loadBefore: round2(loadavg()[0] ?? 0),
  };
}

type Comparison = '<' | '<=' | '>' | '>=';

/** A target `value <comparison> bound`; a value that was not measured does not meet it. */
export function target(
  name: string,
  value: number | null | undefined,
  unit: string,
  comparison: Comparison,
  bound: number,
): Target {
  const v = value ?? null;
  const met =
    v !== null &&
    (comparison === '<'
      ? v < bound
      : comparison === '<='
        ? v <= bound
        : comparison === '>'
          ? v > bound
          : v >= bound);
  return { name, value: v, unit, target: `${comparison} ${String(bound)}`, met };
}

/** The head of the JSON report of a run that started with `ctx` and ends now. */
export function reportHead(ctx: RunContext, targets: readonly Target[]): ReportHead {
  return {
    commit: ctx.commit,
    date: ctx.date,
    machine: ctx.machine,
    node: ctx.node,
    loadAverage: { before: ctx.loadBefore, after: round2(loadavg()[0] ?? 0) },
    targets,
  };
}

/** The Markdown lines of the head: date, commit, machine, load average. */
export function headLines(head: ReportHead): string {
  return [
    `- date: ${head.date}`,
    `- commit: ${head.commit}`,
    `- machine: ${head.machine}, Node ${head.node}`,
    `- load average (1 min): ${String(head.loadAverage.before)} before, ${String(head.loadAverage.after)} after (the machine is shared: other work inflates the times)`,
    ...(head.rerendered === undefined
      ? []
      : [
          `- **numbers from the run of ${head.date} (commit ${head.commit.slice(0, 7)})**, re-rendered on ${head.rerendered.date} (commit ${head.rerendered.commit.slice(0, 7)}): ${head.rerendered.reason}`,
        ]),
  ].join('\n');
}

/** The targets as a Markdown table. */
export function targetsTable(targets: readonly Target[]): string {
  if (targets.length === 0) {
    return 'Targets: none named by the issue for this benchmark.';
  }
  return [
    '| target | measured | unit | goal | met |',
    '|---|---:|---|---|---|',
    ...targets.map(
      (t) =>
        `| ${t.name} | ${t.value === null ? 'not measured' : String(t.value)} | ${t.unit} | ${t.target} | ${t.met ? 'yes' : '**NO**'} |`,
    ),
  ].join('\n');
}

/**
 * The report's targets table between its own heading and the heading of the section after it
 * (`Results` unless a report names its next section), as lines of a report.
 */
function targetsSection(targets: readonly Target[], nextHeading = 'Results'): string[] {
  return ['', '## Targets', '', targetsTable(targets), '', `## ${nextHeading}`, ''];
}

/** What a report says before its targets: its title and the lines on what ran, and how. */
export interface ReportOpening {
  readonly title: string;
  readonly run: readonly string[];
  /** The heading of the section after the targets (`Results` unless named). */
  readonly nextHeading?: string;
}

/** A report's Markdown: the title, the head, the run's lines, the targets, then the body. */
export function reportMarkdown(
  head: ReportHead,
  opening: ReportOpening,
  body: readonly string[],
): string {
  return [
    `# ${opening.title}`,
    '',
    headLines(head),
    ...opening.run,
    ...targetsSection(head.targets, opening.nextHeading),
    ...body,
  ].join('\n');
}

function reportsDir(): string {
  return resolve(process.cwd(), 'bench/reports');
}

/** Writes bench/reports/<name>.md and .json (the head, then the benchmark's own fields). */
export function writeReport(
  name: string,
  markdown: string,
  head: ReportHead,
  data: Readonly<Record<string, unknown>>,
): string {
  const json = { ...head, ...data };
  const dir = reportsDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, `${name}.md`), markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  writeFileSync(resolve(dir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  return resolve(dir, `${name}.md`);
}

/** The JSON of an earlier report, to re-render it without measuring again. */
export function readReport(name: string): unknown {
  return JSON.parse(readFileSync(resolve(reportsDir(), `${name}.json`), 'utf8')) as unknown;
}

/** The head of an earlier run's report, marked as re-rendered now. */
export function rerenderedHead(
  earlier: Omit<ReportHead, 'targets' | 'rerendered'>,
  targets: readonly Target[],
  reason: string,
): ReportHead {
  return {
    commit: earlier.commit,
    date: earlier.date,
    machine: earlier.machine,
    node: earlier.node,
    loadAverage: earlier.loadAverage,
    targets,
    rerendered: { date: new Date().toISOString(), commit: gitCommit(), reason },
  };
}
