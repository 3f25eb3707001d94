/**
 * `npm run bench`: runs the benchmarks in turn and prints where each wrote its report. They measure and
 * report; they do not pass or fail (a report states each target and whether it was met).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { runIngestCatchupBench } from './ingest-catchup';
import { runV2GatewayBench } from './v2-gateway';
import { runV2MethodsBench } from './v2-methods';

/** The localnet seal benchmark runs in its own process (it fills the emulator with 10k accounts). */
function runLocalnetSeal(): Promise<string> {
  const result = spawnSync(
    process.execPath,
    [resolve(__dirname, 'localnet-seal.js'), '1000', '10000'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    return Promise.reject(new Error(`localnet-seal exited with ${String(result.status)}`));
  }
  return Promise.resolve(resolve(process.cwd(), 'bench/reports/localnet-seal.md'));
}

async function main(): Promise<void> {
  const only = process.argv[2];
  const benches: [string, () => Promise<string>][] = [
    ['localnet-seal', runLocalnetSeal],
    ['v2-gateway', runV2GatewayBench],
    ['v2-methods', runV2MethodsBench],
    ['ingest-catchup', runIngestCatchupBench],
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
