import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFreePort } from '@app/database';

/**
 * `npm start` as a newcomer runs it: the single-process launcher with no NATS, no PostgreSQL and no
 * liteserver configured — the embedded PostgreSQL, the in-process transport and the local network.
 */
describe('npm start (embedded defaults)', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'ton-access-start-'));
  // As root, the embedded PostgreSQL runs as the OS user postgres, which must be able to enter it.
  chmodSync(workDir, 0o755);
  let child: ChildProcess;
  let port: number;
  let output = '';

  before(async () => {
    port = await findFreePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
    for (const name of ['NATS_URL', 'DATABASE_URL', 'LITESERVERS_CONFIG', 'TON_NETWORK']) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy of the environment
      delete env[name];
    }
    child = spawn(process.execPath, [resolve(__dirname, '../../apps/standalone/src/main.js')], {
      cwd: workDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 120_000;
    while (!output.includes('"msg":"ready: open ')) {
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`the service did not become ready:\n${output.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  after(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(workDir, { recursive: true, force: true });
  });

  it('logs the URLs to open (index, both APIs, both streams, metrics) and the files it wrote', () => {
    const at = `http://127.0.0.1:${port}`;
    assert.ok(
      output.includes(
        `"msg":"ready: open ${at}/ — API v2 ${at}/api/v2/ and v3 ${at}/api/v3/ (Swagger UI), ` +
          `streaming ${at}/api/streaming/v2/sse and ws://127.0.0.1:${port}/api/streaming/v2/ws, ` +
          `metrics ${at}/metrics"`,
      ),
      output.slice(-2000),
    );
    assert.ok(output.includes(join(workDir, 'localnet.config.json')));
    assert.ok(output.includes(join(workDir, 'localnet.accounts.json')));
  });

  it('answers / with the index of the service', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { accept: 'application/json' },
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { service: string; links: Record<string, string> };
    assert.deepEqual(
      [body.service, body.links.v2, body.links.v3],
      ['ton-access', '/api/v2/', '/api/v3/'],
    );
  });

  it('answers getMasterchainInfo with ok:true and an advancing last.seqno', async () => {
    const seqno = async (): Promise<number> => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/getMasterchainInfo`);
      assert.equal(res.status, 200);
      const body = (await res.json()) as { ok: boolean; result: { last: { seqno: number } } };
      assert.equal(body.ok, true);
      return body.result.last.seqno;
    };
    const first = await seqno();
    // Blocks come every 400 ms by default: a later one is answered within seconds. Asked at most
    // once a second, the anonymous rate limit of the embedded defaults.
    const deadline = Date.now() + 15_000;
    let second = first;
    while (second <= first && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1500));
      second = await seqno();
    }
    assert.ok(second > first, `${second} > ${first}`);
  });

  it('is ready: NATS (in-process), the liteservers, a calm event loop, PostgreSQL and the indexed chain are up', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { status: string; info: Record<string, { status: string }> };
    assert.equal(body.status, 'ok');
    assert.deepEqual(Object.fromEntries(Object.entries(body.info).map(([k, v]) => [k, v.status])), {
      nats: 'up',
      liteservers: 'up',
      eventLoop: 'up',
      postgres: 'up',
      'ingest-chain': 'up',
    });
  });

  it('logs no line per request at the default LOG_LEVEL (access lines are debug)', () => {
    // The tests above made requests, seconds ago (one waits 1.5 s between two of them).
    assert.equal(output.includes('"msg":"request"'), false, output.slice(-2000));
    assert.ok(output.includes('"msg":"migrations applied"'), 'the info lines are there');
  });
});
