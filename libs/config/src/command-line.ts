import { parseArgs } from 'node:util';
import { ConfigError } from './load-config';

/**
 * The command lines of the project's CLIs (localnet, ingest, keys, migrate, decode:trace, bench), in
 * one place: `--help`/`-h` prints the usage on stdout and exits 0; a mistake on the command line is
 * one human line on stderr and exit code 2; any other failure is one line and exit code 1. Apps that
 * run as services keep their JSON logs (runMain in libs/observability); a person at a terminal gets
 * sentences.
 */

/** One `--flag`: a string value (named `value` in the usage) or a boolean switch. */
export interface CliOption {
  readonly type: 'string' | 'boolean';
  /** The value's placeholder in the usage, e.g. `N` or `genesis|mainnet-replay|none`. */
  readonly value?: string;
  readonly help: string;
}

export interface CliSpec<O extends Readonly<Record<string, CliOption>>> {
  /** Prefix of every error line, e.g. `localnet`. */
  readonly name: string;
  /** How a person runs it, e.g. `npm run localnet --`. */
  readonly command: string;
  /** What it does, one sentence. */
  readonly summary: string;
  /** Synopsis lines after the command; default `[options]`. */
  readonly synopsis?: readonly string[];
  readonly options: O;
  /** Positional arguments allowed at most (default 0). */
  readonly maxPositionals?: number;
  /** Environment variables it reads, each `NAME  what it is`. */
  readonly environment?: readonly string[];
}

/** The parsed flags: strings for string options, booleans for switches, absent when not given. */
export type CliValues<O extends Readonly<Record<string, CliOption>>> = {
  readonly [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

export interface CommandLine<O extends Readonly<Record<string, CliOption>>> {
  readonly values: CliValues<O>;
  readonly positionals: readonly string[];
}

/** A mistake on the command line (or a missing required variable): one line, exit code 2. */
export class CliUsageError extends Error {
  override readonly name: string = 'CliUsageError';
}

/** The usage text `--help` prints: synopsis, summary, options with their help, environment. */
export function cliUsage(spec: CliSpec<Readonly<Record<string, CliOption>>>): string {
  const synopsis = spec.synopsis ?? ['[options]'];
  const lines = synopsis.map((line, i) =>
    i === 0
      ? `usage: ${spec.command} ${line}`
      : `       ${' '.repeat(spec.command.length)} ${line}`,
  );
  lines.push('', ...wrap(spec.summary, USAGE_WIDTH), '', 'options:');
  const flags: (readonly [string, string])[] = Object.entries(spec.options).map(
    ([name, option]) =>
      [`--${name}${option.value === undefined ? '' : ` ${option.value}`}`, option.help] as const,
  );
  flags.push(['-h, --help', 'print this help and exit']);
  const width = Math.max(...flags.map(([flag]) => flag.length));
  for (const [flag, help] of flags) {
    lines.push(`  ${flag.padEnd(width)}  ${help}`);
  }
  if (spec.environment !== undefined && spec.environment.length > 0) {
    lines.push('', 'environment:', ...spec.environment.map((line) => `  ${line}`));
  }
  return `${lines.join('\n')}\n`;
}

const USAGE_WIDTH = 100;

/** `text` in lines of at most `width` characters, broken between words. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

/** Whether `argv` asks for help (`--help` or `-h` before a `--` terminator). */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Parses `argv` against `spec`; throws CliUsageError naming the offending flag or argument. */
export function parseCommandLine<O extends Readonly<Record<string, CliOption>>>(
  spec: CliSpec<O>,
  argv: readonly string[],
): CommandLine<O> {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, option]) => [name, { type: option.type }]),
  );
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error: unknown) {
    throw new CliUsageError(parseArgsMessage(error));
  }
  const max = spec.maxPositionals ?? 0;
  if (parsed.positionals.length > max) {
    throw new CliUsageError(`unexpected argument '${parsed.positionals[max] ?? ''}'`);
  }
  // A plain object: parseArgs returns one without a prototype.
  return { values: { ...parsed.values } as CliValues<O>, positionals: parsed.positionals };
}

/** node:util parseArgs' messages, shortened to what a person needs (they name the option). */
function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    return `unknown option '${option}'`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    return message.includes('argument missing')
      ? `${option} needs a value`
      : `${option} takes no value`;
  }
  return message;
}

/**
 * `--name` as an integer in [min, max]; `fallback` when absent. Digits only: `1e3`, `0x10` and `-1`
 * are refused rather than read as something the person did not write.
 */
export function cliInteger(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number;
export function cliInteger(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined;
export function cliInteger(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback?: number,
): number | undefined {
  if (value === undefined) {
    return fallback;
  }
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new CliUsageError(
      `--${name}: expected an integer between ${min} and ${max} (got "${value}")`,
    );
  }
  return n;
}

/** One line, whatever the message holds (a ConfigError lists variables; a stack is not for people). */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, '; ').trim();
}

/**
 * Runs a CLI: `--help` prints the usage and exits 0 without running `main`; a CliUsageError is one
 * line on stderr with a pointer to `--help`, exit 2; any other error one line, exit 1. A number
 * `main` resolves to becomes the exit code; a long-running CLI resolves nothing and keeps running.
 */
export function runCli(
  spec: CliSpec<Readonly<Record<string, CliOption>>>,
  main: (argv: readonly string[]) => Promise<number | undefined>,
  argv: readonly string[] = process.argv.slice(2),
): void {
  if (wantsHelp(argv)) {
    process.stdout.write(cliUsage(spec));
    process.exitCode = 0;
    return;
  }
  main(argv).then(
    (code) => {
      if (code !== undefined) {
        process.exitCode = code;
      }
    },
    (error: unknown) => {
      const message = oneLine(error instanceof Error ? error.message : String(error));
      // A bad environment variable is as much the caller's mistake as a bad flag.
      if (error instanceof CliUsageError || error instanceof ConfigError) {
        process.stderr.write(`${spec.name}: ${message} (see ${spec.command} --help)\n`);
        process.exit(2);
      }
      process.stderr.write(`${spec.name}: ${message}\n`);
      // Whatever main had opened (sockets, pools) must not keep a failed CLI alive.
      process.exit(1);
    },
  );
}
