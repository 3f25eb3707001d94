/**
 * `npm run bench`: runs the benchmarks in turn and prints where each wrote its report. They measure and
 * report; they do not pass or fail (a report states each target and whether it was met).
 */
import { runV2GatewayBench } from './v2-gateway';

async function main(): Promise<void> {
  const only = process.argv[2];
  const benches: [string, () => Promise<string>][] = [['v2-gateway', runV2GatewayBench]];
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
