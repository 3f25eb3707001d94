/**
 * The benchmarks' services (bench/support/processes.ts): a benchmark that fails, or is interrupted,
 * leaves none of the processes it started running.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';

/** A benchmark process: starts a long-lived service, prints its pid, then fails or waits. */
const BENCH = (ending: 'throw' | 'wait'): string => `
const { startProcess } = require(${JSON.stringify(require.resolve('../../../bench/support/processes'))});
startProcess('svc', process.execPath, ['-e', 'console.log("up"); setInterval(() => {}, 1000)'], {}, /up/)
  .then((svc) => {
    console.log('pid ' + String(svc.child.pid));
    ${ending === 'throw' ? "throw new Error('the benchmark failed');" : 'setInterval(() => {}, 1000);'}
  });
`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // kill(pid, 0) throws ESRCH once the process is gone.
    return false;
  }
}

/** Runs the benchmark script; resolves with its service's pid once it printed it. */
async function run(ending: 'throw' | 'wait') {
  const bench = spawn(process.execPath, ['-e', BENCH(ending)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  bench.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const exited = once(bench, 'exit');
  while (!/pid \d+/.test(out)) {
    assert.equal(bench.exitCode, null, 'the benchmark ended before starting its service');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { bench, exited, pid: Number(/pid (\d+)/.exec(out)?.[1]) };
}

/** Whether `pid` is gone within two seconds. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40 && alive(pid); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

void describe('benchmark services (bench/support/processes.ts)', () => {
  void it('are killed when the benchmark fails with an exception', async () => {
    const { exited, pid } = await run('throw');
    await exited;
    assert.equal(await gone(pid), true, `service ${String(pid)} still running`);
  });

  void it('are killed when the benchmark is interrupted', async () => {
    const { bench, exited, pid } = await run('wait');
    assert.equal(alive(pid), true);
    bench.kill('SIGINT');
    const [code] = (await exited) as [number | null];
    assert.equal(code, 130);
    assert.equal(await gone(pid), true, `service ${String(pid)} still running`);
  });
});
