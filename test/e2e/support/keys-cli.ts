import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
/** The compiled CLI beside this compiled helper: <out>/apps/gateway/src/edge/auth/keys-cli.js */
const KEYS_JS = resolve(__dirname, '../../../apps/gateway/src/edge/auth/keys-cli.js');

export interface KeysCliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout split into lines, without the final empty one. */
  readonly lines: string[];
}

/** `npm run keys -- …args` as a child process, with `env` over this process's environment. */
export async function runKeysCli(
  env: Record<string, string | undefined>,
  args: readonly string[],
): Promise<KeysCliRun> {
  // An undefined value removes the variable from the child's environment.
  const childEnv: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  );
  let stdout: string;
  let stderr: string;
  let code = 0;
  try {
    ({ stdout, stderr } = await execFileAsync(process.execPath, [KEYS_JS, ...args], {
      env: childEnv,
    }));
  } catch (error: unknown) {
    assert.ok(error instanceof Error && 'stdout' in error && 'stderr' in error && 'code' in error);
    stdout = String(error.stdout);
    stderr = String(error.stderr);
    code = Number(error.code);
  }
  return { code, stdout, stderr, lines: stdout.split('\n').filter((l) => l !== '') };
}

/** The key a successful `create` printed: its last line. */
export function createdKey(run: KeysCliRun): string {
  assert.equal(run.code, 0, run.stderr);
  const key = run.lines.at(-1);
  assert.ok(key !== undefined && /^[0-9a-f]{64}$/.test(key), run.stdout);
  return key;
}
