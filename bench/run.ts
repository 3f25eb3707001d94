/**
 * `npm run bench [name] [--from-report]`: runs the benchmarks in turn (or the one named) and prints
 * where each wrote its report. They measure and report; they do not pass or fail (a report states each
 * target and whether it was met). `<name> --from-report` re-renders the report of ingest-catchup,
 * app-memory, localnet-seal or scale-out from its last JSON instead of measuring again (the first two take about
 * ten minutes of both cores; a seal run starved of CPU by other work is not worth keeping).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { type CliSpec, CliUsageError, parseCommandLine, runCli } from '@app/config';
import { rerenderAppMemory, runAppMemoryBench } from './app-memory';
import { runDecodeCatchupBench } from './decode-catchup';
import { rerenderIngestCatchupReport, runIngestCatchupBench } from './ingest-catchup';
import { rerenderScaleOut, runScaleOutBench } from './scale-out';
import { runStreamingBench } from './streaming';
import { runV2CachedBench } from './v2-cached';
import { runV2GatewayBench } from './v2-gateway';
import { runV2MethodsBench } from './v2-methods';
import { runV2VerifyBench } from './v2-verify';
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

const BENCH_NAMES = [
  'localnet-seal',
  'v2-gateway',
  'v2-cached',
  'v2-methods',
  'v2-verify',
  'ingest-catchup',
  'decode-catchup',
  'v3-queries',
  'streaming',
  'app-memory',
  'scale-out',
] as const;
const REPORT_ONLY = ['localnet-seal', 'ingest-catchup', 'app-memory', 'scale-out'];

/** `npm run bench -- …`: its arguments and usage (libs/config command-line). */
export const BENCH_CLI = {
  name: 'bench',
  command: 'npm run bench --',
  summary: `Runs the benchmarks in turn, or the one named (${BENCH_NAMES.join(', ')}), and prints where each wrote its report under bench/reports.`,
  synopsis: ['[NAME] [--from-report]'],
  options: {
    'from-report': {
      type: 'boolean',
      help: `re-render the report from its last JSON instead of measuring (${REPORT_ONLY.join(', ')})`,
    },
  },
  maxPositionals: 1,
} as const satisfies CliSpec<Record<string, { type: 'boolean'; help: string }>>;

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(BENCH_CLI, argv);
  const only = positionals[0];
  const fromReport = values['from-report'] === true;
  if (only !== undefined && !(BENCH_NAMES as readonly string[]).includes(only)) {
    throw new CliUsageError(`unknown benchmark '${only}' (one of ${BENCH_NAMES.join(', ')})`);
  }
  if (fromReport && only !== undefined && !REPORT_ONLY.includes(only)) {
    throw new CliUsageError(`--from-report applies to ${REPORT_ONLY.join(', ')} only`);
  }
  const benches: [(typeof BENCH_NAMES)[number], () => Promise<string>][] = [
    ['localnet-seal', () => runLocalnetSeal(fromReport)],
    ['v2-gateway', runV2GatewayBench],
    ['v2-cached', runV2CachedBench],
    ['v2-methods', runV2MethodsBench],
    ['v2-verify', runV2VerifyBench],
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
    ['scale-out', fromReport ? () => Promise.resolve(rerenderScaleOut()) : runScaleOutBench],
  ];
  for (const [name, run] of benches) {
    if (only !== undefined && only !== name) {
      continue;
    }
    const path = await run();
    process.stdout.write(`${name}: report written to ${path}\n`);
  }
  return 0;
}

runCli(BENCH_CLI, main);
