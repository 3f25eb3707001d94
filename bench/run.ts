/**
 * `npm run bench [name] [--from-report]`: runs the benchmarks in turn (or the one named) and prints
 * where each wrote its report. They measure and report; they do not pass or fail (a report states each
 * target and whether it was met). `<name> --from-report` re-renders the report of ingest-catchup,
 * app-memory or localnet-seal from its last JSON instead of measuring again (the first two take about
 * ten minutes of both cores; a seal run starved of CPU by other work is not worth keeping).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { rerenderAppMemory, runAppMemoryBench } from './app-memory';
import { runDecodeCatchupBench } from './decode-catchup';
import { rerenderIngestCatchupReport, runIngestCatchupBench } from './ingest-catchup';
import { runStreamingBench } from './streaming';
import { runV2GatewayBench } from './v2-gateway';
import { runV2MethodsBench } from './v2-methods';
import { runV3QueriesBench } from './v3-queries';

/** The localnet seal benchmark runs in its own process (it fills the emulator with up to 100k accounts). */
function runLocalnetSeal(fromReport: boolean): Promise<string> {
  const result = spawnSync(
    process.execPath,
    [
      resolve(__dirname, 'localnet-seal.js'),
      ...(fromReport ? ['--from-report'] : ['1000', '10000', '100000']),
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    return Promise.reject(new Error(`localnet-seal exited with ${String(result.status)}`));
  }
  return Promise.resolve(resolve(process.cwd(), 'bench/reports/localnet-seal.md'));
}

async function main(): Promise<void> {
  const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const fromReport = process.argv.includes('--from-report');
  const benches: [string, () => Promise<string>][] = [
    ['localnet-seal', () => runLocalnetSeal(fromReport)],
    ['v2-gateway', runV2GatewayBench],
    ['v2-methods', runV2MethodsBench],
    [
      'ingest-catchup',
      fromReport ? () => Promise.resolve(rerenderIngestCatchupReport()) : runIngestCatchupBench,
    ],
    ['decode-catchup', runDecodeCatchupBench],
    ['v3-queries', runV3QueriesBench],
    ['streaming', runStreamingBench],
    [
      'app-memory',
      fromReport
        ? () =>
            Promise.resolve(
              rerenderAppMemory(
                "the derived numbers recomputed from the run's own samples; not run again (one 10-minute soak)",
              ),
            )
        : runAppMemoryBench,
    ],
  ];
  for (const [name, run] of benches) {
    if (only !== undefined && only !== name) {
      continue;
    }
    const path = await run();
    process.stdout.write(`${name}: report written to ${path}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
