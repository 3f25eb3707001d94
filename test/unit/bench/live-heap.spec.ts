/**
 * The soak's leak measure (bench/app-memory.ts): an app started with the live-heap preload reports,
 * on demand, the memory still alive after a full collection, so retained objects show and garbage
 * does not; and the report judges the slope of those samples.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { summarize } from '../../../bench/support/app-memory.report';
import { liveHeapEnv, sampleLiveHeap } from '../../../bench/support/live-heap';

const MiB = 1048576;

/**
 * On each line of stdin: `keep` retains 32 arrays of 131,072 unboxed doubles (1 MiB each, on the V8
 * heap), `waste` makes 64 and drops them.
 */
const APP = `
globalThis.kept = [];
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const n = line === 'keep' ? 32 : 64;
  const made = [];
  for (let i = 0; i < n; i++) made.push(Array.from({ length: 131072 }, (_, j) => i + j + 0.5));
  if (line === 'keep') globalThis.kept.push(made);
  process.stdout.write(line + ' done\\n');
});
console.log('ready');
`;

describe('live heap sampling (bench/support/live-heap.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'live-heap-'));
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts what the app retains and not what it dropped', async () => {
    const file = join(dir, 'app.json');
    const child = spawn(process.execPath, ['-e', APP], {
      env: { ...process.env, ...liveHeapEnv(file) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    try {
      const lines: string[] = [];
      child.stdout.setEncoding('utf8').on('data', (c: string) => lines.push(...c.split('\n')));
      const waitFor = async (line: string): Promise<void> => {
        while (!lines.includes(line)) {
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await waitFor('ready');
      const base = await sampleLiveHeap(child.pid, file);
      child.stdin.write('waste\n');
      await waitFor('waste done');
      const afterWaste = await sampleLiveHeap(child.pid, file);
      child.stdin.write('keep\n');
      await waitFor('keep done');
      const afterKeep = await sampleLiveHeap(child.pid, file);
      assert.ok(base !== undefined && afterWaste !== undefined && afterKeep !== undefined);
      // 64 MiB made and dropped: the full collection took it back.
      assert.ok(
        Math.abs(afterWaste.heapUsed - base.heapUsed) < 2 * MiB,
        `garbage counted: ${String(base.heapUsed)} -> ${String(afterWaste.heapUsed)}`,
      );
      // 32 arrays of 1 MiB kept: all of them still counted.
      const grown = afterKeep.heapUsed - afterWaste.heapUsed;
      assert.ok(grown >= 32 * MiB && grown < 34 * MiB, `retained ${String(grown)} bytes`);
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });

  it('gives no sample for an app that is not running', async () => {
    assert.equal(await sampleLiveHeap(undefined, join(dir, 'none.json')), undefined);
  });
});

describe('the leak check of the app-memory report', () => {
  const soak = Array.from({ length: 121 }, (_, i) => ({ atS: i * 5, rssMiB: 150, cpuPct: 10 }));
  const live = (perMin: number) =>
    Array.from({ length: 21 }, (_, i) => ({
      atS: i * 30,
      heapMiB: 40 + (perMin * i) / 2,
      externalMiB: 2,
    }));

  it('judges the slope of the live memory over the second half', () => {
    const leaking = summarize(
      { app: 'query', idleMiB: 100, idleCpuPct: 1, soak, live: live(3) },
      600,
    );
    assert.equal(leaking.liveTrendMiBPerMin, 3);
    // The flat RSS would have passed: the live heap is what is judged.
    assert.equal(leaking.floorTrendMiBPerMin, 0);
    const steady = summarize(
      { app: 'query', idleMiB: 100, idleCpuPct: 1, soak, live: live(0) },
      600,
    );
    assert.equal(steady.liveTrendMiBPerMin, 0);
  });

  it('falls back to the RSS floor for a report written before live samples', () => {
    const old = summarize({ app: 'query', idleMiB: 100, idleCpuPct: 1, soak }, 600);
    assert.equal(old.liveTrendMiBPerMin, undefined);
  });
});
