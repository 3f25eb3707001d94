import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';

/** The compiled tree this compiled test sits in: <out>/test/integration/scripts → <out>. */
const OUT = resolve(__dirname, '../../..');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(
  entry: string,
  args: readonly string[],
  extraEnv: Record<string, string> = {},
): Promise<Run> {
  // No DATABASE_URL: neither --help nor a bad command line may get as far as needing one.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(OUT, entry), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      done({ code, stdout, stderr });
    });
  });
}

/** Every CLI, with its usage's first line, its flags, and two command lines it must refuse. */
const CLIS = [
  {
    script: 'localnet',
    entry: 'apps/localnet/src/cli.js',
    usage: 'usage: npm run localnet -- [options]',
    flags: [
      '--seed',
      '--liteservers',
      '--signatures',
      '--block-interval',
      '--shards',
      '--state-history',
      '--block-history',
      '--host',
      '--port',
      '--admin-port',
      '--config-out',
      '--accounts-out',
      '--help',
    ],
    refusals: [
      [['--bogus'], "localnet: unknown option '--bogus' (see npm run localnet -- --help)"],
      [
        ['--shards', '3'],
        'localnet: --shards: expected an integer between 1 and 2 (got "3") (see npm run localnet -- --help)',
      ],
    ],
  },
  {
    script: 'ingest',
    entry: 'apps/ingestor/src/backfill/ingest-cli.js',
    usage: 'usage: npm run ingest -- --from SEQNO --to SEQNO [--workers N] [--window N]',
    flags: ['--from', '--to', '--workers', '--window', '--help', 'DATABASE_URL'],
    refusals: [
      [['--from', '1', '--to'], 'ingest: --to needs a value (see npm run ingest -- --help)'],
      [
        ['--from', '1', '--to', '2', '--workers', 'many'],
        'ingest: --workers: expected an integer between 1 and 64 (got "many") (see npm run ingest -- --help)',
      ],
    ],
  },
  {
    script: 'keys',
    entry: 'apps/gateway/src/edge/auth/keys-cli.js',
    usage:
      'usage: npm run keys -- plans create --name NAME --rps N [--burst N] [--networks mainnet,testnet,local]',
    flags: [
      '--name',
      '--rps',
      '--burst',
      '--networks',
      '--streaming-connections',
      '--streaming-addresses',
      '--plan',
      '--label',
      '--id',
      '--help',
      'revoke KEY',
      'DATABASE_URL',
    ],
    refusals: [
      [['list', '--bogus'], "keys: unknown option '--bogus' (see npm run keys -- --help)"],
      [
        ['plans', 'create', '--name', 'free', '--rps', '1.5'],
        'keys: --rps must be an integer 1..1000000 (see npm run keys -- --help)',
      ],
    ],
  },
  {
    script: 'migrate',
    entry: 'libs/database/src/migrate.js',
    usage: 'usage: npm run migrate -- [options]',
    flags: ['--revert', '--help', 'DATABASE_URL', 'LOG_LEVEL'],
    refusals: [
      [['--down'], "migrate: unknown option '--down' (see npm run migrate -- --help)"],
      [['now'], "migrate: unexpected argument 'now' (see npm run migrate -- --help)"],
    ],
  },
  {
    script: 'decode:trace',
    entry: 'apps/decoder/src/cli/decode-trace.js',
    usage: 'usage: npm run decode:trace -- FILE.lz4 [--api]',
    flags: ['--api', '--help'],
    refusals: [
      [[], 'decode-trace: a trace file is required (see npm run decode:trace -- --help)'],
      [
        ['a.lz4', '--json'],
        "decode-trace: unknown option '--json' (see npm run decode:trace -- --help)",
      ],
    ],
  },
  {
    script: 'bench',
    entry: 'bench/run.js',
    usage: 'usage: npm run bench -- [NAME] [--from-report]',
    flags: ['--from-report', '--help', 'v2-gateway', 'app-memory'],
    refusals: [
      [
        ['v4-everything'],
        "bench: unknown benchmark 'v4-everything' (one of localnet-seal, v2-gateway, v2-cached, v2-methods, v2-verify, ingest-catchup, decode-catchup, v3-queries, streaming, app-memory, scale-out) (see npm run bench -- --help)",
      ],
      [['--quick'], "bench: unknown option '--quick' (see npm run bench -- --help)"],
    ],
  },
] as const;

void describe('the CLIs answer --help and refuse bad command lines in one line', () => {
  for (const cli of CLIS) {
    void it(`npm run ${cli.script} -- --help (and -h): the usage on stdout, exit 0`, async () => {
      for (const flag of ['--help', '-h']) {
        const help = await run(cli.entry, [flag]);
        assert.deepEqual([help.code, help.stderr], [0, ''], flag);
        assert.equal(help.stdout.split('\n')[0], cli.usage);
        for (const name of cli.flags) {
          assert.ok(help.stdout.includes(name), `${flag} mentions ${name}:\n${help.stdout}`);
        }
      }
    });

    void it(`npm run ${cli.script} with a bad command line: one human line on stderr, exit 2`, async () => {
      for (const [args, line] of cli.refusals) {
        const refused = await run(cli.entry, args);
        assert.deepEqual(
          { code: refused.code, stdout: refused.stdout, stderr: refused.stderr },
          { code: 2, stdout: '', stderr: `${line}\n` },
          args.join(' '),
        );
      }
    });
  }

  void it('a bad environment variable is a usage error too: one line naming it, exit 2', async () => {
    const refused = await run('libs/database/src/migrate.js', [], { LOG_LEVEL: 'loud' });
    assert.deepEqual(
      { code: refused.code, stdout: refused.stdout, stderr: refused.stderr },
      {
        code: 2,
        stdout: '',
        stderr:
          'migrate: Invalid environment: LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent (got "loud") (see npm run migrate -- --help)\n',
      },
    );
  });

  void it('a failure after a sound command line is one line, exit 1', async () => {
    const failed = await run('apps/decoder/src/cli/decode-trace.js', ['/nonexistent/trace.lz4']);
    assert.deepEqual(
      { code: failed.code, stdout: failed.stdout, stderr: failed.stderr },
      {
        code: 1,
        stdout: '',
        stderr:
          "decode-trace: cannot read /nonexistent/trace.lz4: ENOENT: no such file or directory, open '/nonexistent/trace.lz4'\n",
      },
    );
  });
});
