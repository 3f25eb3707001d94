/**
 * Classifies one trace file and prints its actions as JSON.
 *
 *   npm run decode:trace -- FILE.lz4          rows of the `actions` table (toncenter's column names)
 *   npm run decode:trace -- FILE.lz4 --api    actions as the v3 API renders them
 *
 * A file that cannot be read or decoded: a one-line error on stderr, exit code 1.
 */
import { classifyTrace, defaultRegistry, renderApiAction } from '@app/classify';
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

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith('--'));
  const api = argv.includes('--api');
  const unknown = argv.filter((a) => a.startsWith('--') && a !== '--api');
  const file = args[0];
  if (!file || args.length > 1 || unknown.length > 0) {
    process.stderr.write('usage: decode-trace FILE.lz4 [--api]\n');
    return 1;
  }
  let trace;
  try {
    trace = await readTraceFile(file);
  } catch (e) {
    process.stderr.write(
      `decode-trace: cannot read ${file}: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    return 1;
  }
  const result = classifyTrace(trace, defaultRegistry, (line) => process.stderr.write(`${line}\n`));
  if (result.error) {
    process.stderr.write(
      `decode-trace: classification failed (${result.error}); basic actions only\n`,
    );
  }
  const out = api
    ? result.actions.map(renderApiAction)
    : result.actions.map(({ accounts, ...row }) => ({ ...row, accounts }));
  process.stdout.write(`${toJson(out)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`decode-trace: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
