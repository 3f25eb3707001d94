/**
 * Runs an app's bootstrap and turns a failure into one JSON line on stderr and exit code 1, so a
 * misconfigured pod fails fast with the reason (a bad variable, an unreachable dependency) instead of
 * an unhandled rejection's stack.
 */
export function runMain(app: string, bootstrap: () => Promise<unknown>): void {
  bootstrap().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `${JSON.stringify({ level: 'fatal', app, msg: 'failed to start', err: message })}\n`,
    );
    process.exit(1);
  });
}
