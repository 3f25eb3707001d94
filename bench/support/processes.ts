import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** A service of the benchmark, started from the compiled tree as its users start it. */
export interface Service {
  readonly name: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `dist/<script>` and resolves once a line of its output matches `ready`. */
export function startService(
  name: string,
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 120_000,
): Promise<Service> {
  return startProcess(
    name,
    process.execPath,
    [resolve(__dirname, '..', '..', script), ...args],
    env,
    ready,
    timeoutMs,
  );
}

/** The children still running; what a benchmark that fails leaves behind is killed as it exits. */
const running = new Set<ChildProcess>();
let reaperInstalled = false;

function reapOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (reaperInstalled) {
    return;
  }
  reaperInstalled = true;
  // 'exit' handlers run synchronously: a kill is all that can be done there, and all that is needed.
  process.once('exit', () => {
    for (const c of running) {
      c.kill('SIGKILL');
    }
  });
  // Interrupted (Ctrl-C, a CI timeout): exit, so the handler above runs.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
  }
}

/** Starts `command` (a binary such as nats-server) and resolves once its output matches `ready`. */
export async function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 120_000,
): Promise<Service> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  reapOnExit(child);
  let output = '';
  let failed: Error | undefined;
  // A missing binary: 'error' instead of 'exit'.
  child.once('error', (error) => {
    failed = error;
  });
  // The tail only: a service running for a long soak must not grow the benchmark's memory.
  const append = (c: Buffer): void => {
    output = (output + c.toString()).slice(-65_536);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const deadline = Date.now() + timeoutMs;
  while (!ready.test(output)) {
    if (
      failed !== undefined ||
      Date.now() > deadline ||
      child.exitCode !== null ||
      child.signalCode !== null
    ) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start: ${failed?.message ?? ''}\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name,
    child,
    output: () => output,
    stop: async () => {
      // A child ended by a signal has a null exitCode but a signalCode.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Resolves once `url` answers 2xx (a service's /healthz). */
export async function waitHealthy(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become healthy`);
}
