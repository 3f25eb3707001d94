import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createDataSource, type DataSource } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { LiteClient, LiteRoundRobinEngine } from 'ton-lite-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import { engineFor } from '../../../test/integration/support/localnet-harness';
import { assertIndexedExactly } from '../../../test/integration/support/chain-verifier';
import { WalletTraffic } from '../../../test/integration/support/ingest-traffic';

interface CliRun {
  readonly code: number | null;
  readonly lines: Record<string, unknown>[];
  readonly stderr: string;
}

/** `npm run ingest -- …` without the build step: the compiled CLI of this build. */
function ingestCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const cli = resolve(__dirname, '../src/backfill/ingest-cli.js');
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => {
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      done({ code, lines, stderr });
    });
  });
}

void describe('npm run ingest (backfill CLI) against a two-shard localnet', () => {
  let dir: string;
  let localnet: Localnet;
  let db: TestDatabase;
  let ds: DataSource;
  let client: LiteClient;
  let env: Record<string, string>;
  let head: number;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ingest-backfill-'));
    localnet = await startLocalnet({
      seed: 'genesis',
      shards: 2,
      mode: 'manual',
      startTime: 1_770_000_000,
      configOut: join(dir, 'localnet.config.json'),
    });
    const traffic = await WalletTraffic.fund(localnet, 8, 'backfill');
    for (let i = 0; i < 3; i += 1) {
      await traffic.round();
    }
    head = localnet.chain.head().id.seqno;
    db = await createTestDatabase({ prefix: 'ingest_backfill' });
    ds = await createDataSource({ url: db.url, poolSize: 2 }).initialize();
    client = new LiteClient({
      engine: new LiteRoundRobinEngine([await engineFor(localnet.liteservers[0]!)]),
    });
    env = {
      DATABASE_URL: db.url,
      TON_NETWORK: 'local',
      LITESERVERS_CONFIG: join(dir, 'localnet.config.json'),
      LOG_LEVEL: 'info',
    };
  });

  after(async () => {
    client.engine.close();
    await ds.destroy();
    await db.drop();
    await localnet.stop();
    await rm(dir, { recursive: true, force: true });
  });

  void it('fills a range, then fills only the gaps of a wider one, and the result is exact', async () => {
    const middle = Math.floor(head / 2);
    const first = await ingestCli(['--from', String(middle), '--to', String(middle + 2)], env);
    assert.equal(first.code, 0, first.stderr);
    const started = first.lines.find((l) => l.msg === 'backfill started');
    assert.deepEqual(
      [started?.missing, started?.skipped],
      [3, 0],
      'a fresh database misses the whole range',
    );

    const second = await ingestCli(['--from', '1', '--to', String(head), '--workers', '2'], env);
    assert.equal(second.code, 0, second.stderr);
    const wide = second.lines.find((l) => l.msg === 'backfill started');
    assert.deepEqual([wide?.missing, wide?.skipped], [head - 3, 3], 'the present range is skipped');
    const done = second.lines.find((l) => l.msg === 'backfill done');
    assert.equal(done?.done, head - 3);
    // Not a terminal: progress goes to the log as lines, ending with the final one.
    assert.ok(
      second.lines.some((l) =>
        String(l.msg).includes(`${String(head - 3)}/${String(head - 3)} mc blocks`),
      ),
    );

    await assertIndexedExactly(ds, client, head);

    const third = await ingestCli(['--from', '1', '--to', String(head)], env);
    const again = third.lines.find((l) => l.msg === 'backfill started');
    assert.deepEqual([again?.missing, again?.skipped], [0, head], 'nothing left to do');
  });

  void it('logs the proofs its pool refuses, naming the liteserver, and indexes nothing unproven', async () => {
    // The only liteserver's block proofs carry a forged validator signature: no head is proven.
    localnet.liteservers[0]?.setFault({ mode: 'forge-signature' });
    try {
      const run = await ingestCli(['--from', String(head + 1), '--to', String(head + 1)], env);
      assert.equal(run.code, 1, run.stderr);
      const refused = run.lines.filter((l) => String(l.msg).includes('unproven answer refused'));
      assert.ok(refused.length > 0, `a refused proof is logged:\n${run.stderr}`);
      for (const line of refused) {
        assert.equal(line.level, 'warn');
        assert.match(String(line.msg), /^liteserver 0: unproven answer refused \(signatures\): /);
      }
    } finally {
      localnet.liteservers[0]?.setFault({ mode: 'none' });
    }
    await assertIndexedExactly(ds, client, head);
  });

  void it('rejects bad arguments in one line naming the parameter, exit code 2', async () => {
    const run = await ingestCli(['--from', '5', '--to', 'x'], env);
    assert.deepEqual(
      [run.code, run.stderr],
      [
        2,
        'ingest: --to: expected an integer between 1 and 4294967295 (got "x") (see npm run ingest -- --help)\n',
      ],
    );
    const reversed = await ingestCli(['--from', '9', '--to', '5'], env);
    assert.deepEqual(
      [reversed.code, reversed.stderr],
      [2, 'ingest: --to (5) is below --from (9) (see npm run ingest -- --help)\n'],
    );
  });
});
