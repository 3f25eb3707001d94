import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

/** How a child process ended and what it wrote. */
export interface NodeRun {
  /** Exit code; null when it was killed (by the timeout). */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/**
 * Runs a compiled entry point of the same build (`apps/query/src/main.js`…) with `env` (nothing of this
 * process's environment but PATH), stopping it after `timeoutMs`: a service that should refuse to
 * start must not hang instead.
 */
export function runNode(
  entry: string,
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<NodeRun> {
  const started = Date.now();
  return new Promise((done) => {
    execFile(
      process.execPath,
      [resolve(__dirname, '../../..', entry)],
      {
        env: { PATH: process.env.PATH ?? '', ...env },
        timeout: options.timeoutMs ?? 60_000,
        killSignal: 'SIGKILL',
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        done({ code, stdout, stderr, ms: Date.now() - started });
      },
    );
  });
}

/** The JSON lines a pino-logging process wrote (other lines skipped). */
export function jsonLines(text: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        lines.push(Object.fromEntries(Object.entries(parsed)));
      }
    } catch {
      // Not a log line.
    }
  }
  return lines;
}
