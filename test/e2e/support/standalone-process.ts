import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AdnlLiteEngine } from '@app/liteclient';
import { parseGlobalConfig } from '@app/ton';
import { LiteClient } from 'ton-lite-client';

const MAIN = resolve(__dirname, '../../../apps/standalone/src/main.js');
const SHARD_ALL = '-9223372036854775808';

/**
 * An empty local chain with 200 ms blocks: two starts of the genesis seed (a minute of emulation each
 * on a busy machine) leave a file no room in its 300 s; chain-resume.int-spec replays the seed. The
 * tests poll v2 and v3 back to back, past the anonymous limit of 1 request a second `npm start` holds
 * by default, so it is raised here.
 */
export const EMPTY_CHAIN_ENV = {
  LOCALNET_SEED: 'none',
  LOCALNET_BLOCK_INTERVAL: '200',
  RATE_LIMIT_ANONYMOUS_RPS: '1000000',
};

interface MasterchainInfoResult {
  readonly init: { readonly root_hash: string };
  readonly last: { readonly seqno: number };
}

/** One `npm start` process in `workDir` (the single-process launcher, as `npm start` runs it). */
export class Standalone {
  output = '';
  private child: ChildProcess | undefined;

  constructor(
    private readonly workDir: string,
    readonly port: number,
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  /** The `msg` of every JSON log line so far (pino escapes quotes, so the raw output cannot be searched). */
  messages(): string[] {
    return this.output.split('\n').flatMap((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        const msg = (parsed as { msg?: unknown } | null)?.msg;
        return typeof msg === 'string' ? [msg] : [];
      } catch {
        // Not a log line (a partial chunk, or something a dependency printed).
        return [];
      }
    });
  }

  async start(): Promise<this> {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(this.port), HOST: '127.0.0.1' };
    for (const name of ['NATS_URL', 'DATABASE_URL', 'LITESERVERS_CONFIG', 'TON_NETWORK']) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy of the environment
      delete env[name];
    }
    const child = spawn(process.execPath, [MAIN], {
      cwd: this.workDir,
      env: { ...env, ...this.extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await waitUntil(
      () => this.output.includes('"msg":"ready: open '),
      'ready',
      () => {
        if (child.exitCode !== null) {
          throw new Error(`npm start exited:\n${this.output.slice(-4000)}`);
        }
      },
    );
    return this;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child?.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }

  async get(path: string): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`http://127.0.0.1:${String(this.port)}/${path}`);
    return { status: res.status, body: await res.json() };
  }

  /** Masterchain block `seqno` as v2 (the liteservers) sees it, once the chain has made it: its root hash. */
  async v2Block(seqno: number): Promise<string> {
    await waitUntil(async () => (await this.head()) >= seqno, `v2 ${String(seqno)}`);
    const { body } = await this.get(
      `api/v2/lookupBlock?workchain=-1&shard=${SHARD_ALL}&seqno=${String(seqno)}`,
    );
    return (body as { result: { root_hash: string } }).result.root_hash;
  }

  /** Masterchain block `seqno` as v3 (the index) has it: its root hash, once indexed. */
  async v3Block(seqno: number): Promise<string | undefined> {
    const { body } = await this.get(`api/v3/blocks?workchain=-1&seqno=${String(seqno)}`);
    return (body as { blocks?: { root_hash: string }[] }).blocks?.[0]?.root_hash;
  }

  /**
   * getMasterchainInfo's result, once one is answered: just after "ready" the first head may still be
   * being proven, or a start-up lag shed (503), so a failed answer is asked again.
   */
  async masterchainInfo(): Promise<MasterchainInfoResult> {
    let result: MasterchainInfoResult | undefined;
    await waitUntil(async () => {
      const { body } = await this.get('api/v2/getMasterchainInfo');
      result = (body as { ok?: boolean; result?: MasterchainInfoResult }).result;
      return result !== undefined;
    }, 'getMasterchainInfo answered');
    if (result === undefined) {
      throw new Error('getMasterchainInfo answered nothing');
    }
    return result;
  }

  async zeroState(): Promise<string> {
    return (await this.masterchainInfo()).init.root_hash;
  }

  async head(): Promise<number> {
    return (await this.masterchainInfo()).last.seqno;
  }

  /** Waits until v3 has masterchain block `seqno`; returns its root hash. */
  async indexed(seqno: number): Promise<string> {
    let hash: string | undefined;
    await waitUntil(async () => (hash = await this.v3Block(seqno)) !== undefined, `v3 ${seqno}`);
    return hash ?? '';
  }
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  onPoll?: () => void,
): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (!(await check())) {
    onPoll?.();
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function workDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ton-access-restart-'));
  // As root, the embedded PostgreSQL runs as the OS user postgres, which must be able to enter it.
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * A client connected straight to liteserver 0 of the local network whose config (`dir`'s
 * localnet.config.json) the service was started with: what the honest liteserver itself says.
 */
export async function firstLiteserverClient(
  dir: string,
): Promise<{ engine: AdnlLiteEngine; client: LiteClient }> {
  const [first] = parseGlobalConfig(
    JSON.parse(readFileSync(join(dir, 'localnet.config.json'), 'utf8')),
  );
  assert.ok(first);
  const engine = new AdnlLiteEngine({ ...first, reconnectMs: 500 });
  const client = new LiteClient({ engine });
  await waitUntil(() => engine.isReady(), 'a direct connection to liteserver 0');
  return { engine, client };
}
