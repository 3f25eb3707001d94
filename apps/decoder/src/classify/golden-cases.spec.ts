/**
 * Golden tests: every case of `indexer-traces/cases/*.yaml` (toncenter/ton-indexer's classifier tests)
 * classifies its trace and compares each expected action field by field. Cases in known-gaps.ts run as
 * `todo` and must still fail. A pass-rate summary per file is printed at the end.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { classifyTrace, defaultRegistry } from '@app/classify';
import { fixturePath } from '@app/testing';
import { readTraceFile } from '../trace-file';
import { checkCase, loadCases } from './golden/cases';
import { KNOWN_GAPS } from './known-gaps';

const casesDir = fixturePath('indexer-traces', 'cases');
const tracesDir = fixturePath('indexer-traces', 'traces');
const files = readdirSync(casesDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();
const tally = new Map<string, { passed: number; total: number }>();

for (const file of files) {
  const cases = loadCases(`${casesDir}/${file}`, file);
  const t = { passed: 0, total: cases.length };
  tally.set(file, t);
  void describe(`golden ${file}`, () => {
    for (const c of cases) {
      const key = `${file}: ${c.name}`;
      const gap = KNOWN_GAPS.get(key);
      const run = async (): Promise<void> => {
        const trace = await readTraceFile(`${tracesDir}/${c.traceId}.lz4`);
        const result = classifyTrace(trace, defaultRegistry);
        checkCase(c, result.actions);
      };
      if (gap === undefined) {
        void it(c.name, async () => {
          await run();
          t.passed++;
        });
      } else {
        void it(c.name, { todo: gap }, async () => {
          await assert.rejects(run(), `known gap now passes; remove it from known-gaps.ts: ${key}`);
        });
      }
    }
  });
}

void describe('known gaps', () => {
  void it('name existing cases only', () => {
    const names = new Set<string>();
    for (const file of files) {
      for (const c of loadCases(`${casesDir}/${file}`, file)) {
        names.add(`${file}: ${c.name}`);
      }
    }
    for (const key of KNOWN_GAPS.keys()) {
      assert.ok(names.has(key), `known gap names no case: ${key}`);
    }
  });
});

after(() => {
  let passed = 0;
  let total = 0;
  const lines = [...tally].map(([file, t]) => {
    passed += t.passed;
    total += t.total;
    const pct = t.total === 0 ? '-' : `${Math.round((100 * t.passed) / t.total)}%`;
    return `  ${file.padEnd(26)} ${String(t.passed).padStart(3)}/${String(t.total).padEnd(3)} ${pct}`;
  });
  console.log(`golden cases: ${passed}/${total} pass\n${lines.join('\n')}`);
});
