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
export async function startService(
  name: string,
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 120_000,
): Promise<Service> {
  const child = spawn(process.execPath, [resolve(__dirname, '..', '..', script), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + timeoutMs;
  while (!ready.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start:\n${output.slice(-3000)}`);
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
