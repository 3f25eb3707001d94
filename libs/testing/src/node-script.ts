import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** How a Node script run as a child process ended. */
export interface NodeScriptRun {
  /** Its exit code: 0 when it succeeded. */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** What `execFile` rejects with when the child exits with another code than 0. */
function isExitError(
  error: unknown,
): error is Error & { code: unknown; stdout: unknown; stderr: unknown } {
  return error instanceof Error && 'stdout' in error && 'stderr' in error && 'code' in error;
}

/**
 * Runs `script` with this Node and `args`, `env` over this process's environment (an undefined value
 * removes the variable from the child's), and resolves with how it ended, a failure included: CLI
 * tests assert the exit code and the output of failing runs too.
 */
export async function runNodeScript(
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<NodeScriptRun> {
  const childEnv: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  );
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [script, ...args], {
      env: childEnv,
    });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    if (!isExitError(error)) {
      throw error;
    }
    return { code: Number(error.code), stdout: String(error.stdout), stderr: String(error.stderr) };
  }
}
