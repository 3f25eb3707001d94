/** How `waitFor` polls. */
export interface WaitForOptions {
  /** The pause between two checks. */
  readonly intervalMs?: number;
  /**
   * A check that throws counts as "not yet" (a database that is restarting, a NATS leader being
   * elected) instead of failing the wait.
   */
  readonly errorsMeanNotYet?: boolean;
}

/**
 * Polls `check` until it holds and throws naming `what` once `timeoutMs` have passed: tests wait
 * for a condition, never for a time.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5000,
  { intervalMs = 25, errorsMeanNotYet = false }: WaitForOptions = {},
): Promise<void> {
  const holds = errorsMeanNotYet
    ? async (): Promise<boolean> => {
        try {
          return await check();
        } catch {
          return false; // the caller said an error means "not yet": poll again
        }
      }
    : check;
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what} (${String(timeoutMs)} ms)`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
