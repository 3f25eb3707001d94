/**
 * Classifies one trace file and prints its actions as JSON.
 *
 *   npm run decode:trace -- FILE.lz4          rows of the `actions` table (toncenter's column names)
 *   npm run decode:trace -- FILE.lz4 --api    actions as the v3 API renders them
 *
 * A file that cannot be read or decoded: a one-line error on stderr, exit code 1; a bad command line:
 * one line, exit code 2.
 */
import { classifyTrace, defaultRegistry, renderApiAction } from '@app/classify';
import { type CliSpec, CliUsageError, parseCommandLine, runCli } from '@app/config';
import { readTraceFile } from '../trace-file';

/** JSON with bigint written as integer literals (the table's numeric columns). */
export function toJson(value: unknown): string {
  const marks = new Map<string, string>();
  const text = JSON.stringify(
    value,
    (_k, v: unknown) => {
      if (typeof v !== 'bigint') {
        return v;
      }
      const mark = `\u0000big${marks.size}\u0000`;
      marks.set(mark, v.toString());
      return mark;
    },
    2,
  );
  return text.replace(/"\\u0000big\d+\\u0000"/g, (m) => marks.get(JSON.parse(m) as string) ?? m);
}

/** `npm run decode:trace -- …`: its arguments and usage (libs/config command-line). */
export const DECODE_TRACE_CLI = {
  name: 'decode-trace',
  command: 'npm run decode:trace --',
  summary:
    "Classifies one trace file (a ton-indexer trace row: msgpack in an LZ4 frame) and prints its actions as JSON: rows of the actions table (toncenter's column names), or with --api as the v3 API renders them.",
  synopsis: ['FILE.lz4 [--api]'],
  options: {
    api: { type: 'boolean', help: 'print actions as the v3 API renders them' },
  },
  maxPositionals: 1,
} as const satisfies CliSpec<Record<string, { type: 'boolean'; help: string }>>;

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(DECODE_TRACE_CLI, argv);
  const file = positionals[0];
  if (file === undefined || file === '') {
    throw new CliUsageError('a trace file is required');
  }
  let trace;
  try {
    trace = await readTraceFile(file);
  } catch (e) {
    throw new Error(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  }
  const result = classifyTrace(trace, defaultRegistry, (line) => process.stderr.write(`${line}\n`));
  if (result.error) {
    process.stderr.write(
      `decode-trace: classification failed (${result.error}); basic actions only\n`,
    );
  }
  const out =
    values.api === true
      ? result.actions.map(renderApiAction)
      : result.actions.map(({ accounts, ...row }) => ({ ...row, accounts }));
  process.stdout.write(`${toJson(out)}\n`);
  return 0;
}

runCli(DECODE_TRACE_CLI, main);
