import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { type NodeScriptRun, runNodeScript } from '@app/testing';

/** The compiled CLI beside this compiled helper: <out>/apps/gateway/src/edge/auth/keys-cli.js */
const KEYS_JS = resolve(__dirname, '../../../apps/gateway/src/edge/auth/keys-cli.js');

export interface KeysCliRun extends NodeScriptRun {
  /** stdout split into lines, without the final empty one. */
  readonly lines: string[];
}

/** `npm run keys -- …args` as a child process, with `env` over this process's environment. */
export async function runKeysCli(
  env: Record<string, string | undefined>,
  args: readonly string[],
): Promise<KeysCliRun> {
  const { code, stdout, stderr } = await runNodeScript(KEYS_JS, args, env);
  return { code, stdout, stderr, lines: stdout.split('\n').filter((l) => l !== '') };
}

/** The key a successful `create` printed: its last line. */
export function createdKey(run: KeysCliRun): string {
  assert.equal(run.code, 0, run.stderr);
  const key = run.lines.at(-1);
  assert.ok(key !== undefined && /^[0-9a-f]{64}$/.test(key), run.stdout);
  return key;
}
