import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';

/** Where and on what a benchmark ran: every report starts with it. */
export interface RunContext {
  readonly date: string;
  readonly commit: string;
  readonly machine: string;
  readonly node: string;
}

export function runContext(): RunContext {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Outside a checkout (an unpacked image) the commit is simply unknown.
  }
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return {
    date: new Date().toISOString(),
    commit,
    machine: `${cpu}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    node: process.version,
  };
}

/** Writes bench/reports/<name>.md and .json. */
export function writeReport(name: string, markdown: string, json: unknown): string {
  const dir = resolve(process.cwd(), 'bench/reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, `${name}.md`), markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  writeFileSync(resolve(dir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  return resolve(dir, `${name}.md`);
}

export function contextLines(ctx: RunContext): string {
  return [
    `- date: ${ctx.date}`,
    `- commit: ${ctx.commit}`,
    `- machine: ${ctx.machine}, Node ${ctx.node}`,
  ].join('\n');
}
