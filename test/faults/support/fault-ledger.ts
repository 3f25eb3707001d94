import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { target, type Target } from '../../../bench/support/report';

/** One target as every report holds it (bench/support/report.ts): `{name, value, unit, target, met}`. */
const TargetJson = z.object({
  name: z.string(),
  value: z.number().nullable(),
  unit: z.string(),
  target: z.string(),
  met: z.boolean(),
});

/** What one fault-spec file hands to the report: its targets and free-text observations. */
export const FaultFileResult = z.object({
  file: z.string(),
  title: z.string(),
  targets: z.array(TargetJson),
  notes: z.array(z.string()),
});
export type FaultFileResult = z.infer<typeof FaultFileResult>;

/** Where `npm run test:faults` collects the files' results (scripts/run-tests.mjs sets it). */
export const FAULTS_RESULTS_DIR_ENV = 'FAULTS_RESULTS_DIR';

/** How a note about a missed target begins (write-faults-report prints those at the end). */
export const MISSED = 'missed:';

interface Planned {
  readonly unit: string;
  /** The value must end at or below it. */
  readonly bound: number;
}

/**
 * The targets of one fault-spec file. Every target is planned up front, so a scenario that throws
 * before measuring still appears in the report (value null, not met) instead of vanishing; `flush()`
 * in the file's `after()` hands the results to the report (only under `npm run test:faults`).
 */
export class FaultLedger {
  private readonly planned = new Map<string, Planned>();
  private readonly measured = new Map<string, Target>();
  private readonly notes: string[] = [];

  constructor(
    private readonly file: string,
    private readonly title: string,
  ) {}

  /** Declares a target `name` that must end at or below `bound` `unit`. */
  plan(name: string, unit: string, bound: number): void {
    this.planned.set(name, { unit, bound });
  }

  /**
   * Records the value of a planned target and returns it with `met` (never met when not finite). A
   * missed target keeps `detail()` (what went wrong) among the notes, so the report and the suite's
   * last lines say why.
   */
  measure(name: string, value: number, detail?: () => string): Target {
    const planned = this.planned.get(name);
    if (planned === undefined) {
      throw new Error(`fault target "${name}" was not planned`);
    }
    const result = target(
      name,
      Number.isFinite(value) ? value : null,
      planned.unit,
      '<=',
      planned.bound,
    );
    this.measured.set(name, result);
    if (!result.met && detail !== undefined) {
      this.notes.push(`${MISSED} ${name}: ${detail()}`);
    }
    return result;
  }

  /**
   * Asserts a precondition of a measurement (enough requests during an outage, …): when it fails the
   * message is kept among the notes as a miss, as a missed target's detail is, before the test fails.
   */
  check(ok: boolean, message: () => string): void {
    if (!ok) {
      this.notes.push(`${MISSED} ${message()}`);
    }
    assert.ok(ok, message());
  }

  /** An observation for the report that is not a target (latencies, counts). */
  note(text: string): void {
    this.notes.push(text);
  }

  result(): FaultFileResult {
    const targets = [...this.planned].map(
      ([name, planned]): Target =>
        this.measured.get(name) ?? target(name, null, planned.unit, '<=', planned.bound),
    );
    return { file: basename(this.file), title: this.title, targets, notes: [...this.notes] };
  }

  /**
   * Hands the results over (flush) and, when a target was missed, prints the tail of each app's
   * output (LOG_LEVEL=warn keeps them short): the apps' own words for whoever reads the failure.
   */
  finish(apps: readonly { readonly app: string; tail(chars?: number): string }[]): void {
    this.flush();
    if (this.result().targets.every((t) => t.met)) {
      return;
    }
    for (const app of apps) {
      const tail = app.tail(2000);
      if (tail.trim() !== '') {
        console.error(`--- ${app.app} output (tail):\n${tail}`);
      }
    }
  }

  /** Writes this file's result where the suite's run collects them; nothing outside that run. */
  flush(): void {
    const dir = process.env[FAULTS_RESULTS_DIR_ENV];
    if (dir === undefined || dir === '') {
      return;
    }
    mkdirSync(dir, { recursive: true });
    const result = this.result();
    writeFileSync(join(dir, `${result.file}.json`), `${JSON.stringify(result, null, 2)}\n`);
  }
}
