import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { findFreePort } from '@app/database';
import { spawnBuiltEntry } from '../../integration/support/private-services';

export type MeshApp = 'gateway' | 'liteserver' | 'ingestor' | 'decoder' | 'query' | 'sender';

/**
 * One app's mesh entry point (`apps/<app>/src/main.js` of the same build) as a child process, so a
 * test can SIGKILL it mid-work and start it again on the same environment.
 */
export class AppProcess {
  private child: ChildProcess | undefined;
  /** Everything it wrote to stdout and stderr, for failure messages. */
  readonly output: string[] = [];

  constructor(
    readonly app: MeshApp,
    private readonly env: Record<string, string>,
    /** Its METRICS_PORT: /healthz answers once the app listens. */
    private port: number,
  ) {}

  /** Its METRICS_PORT now (a new one if the first was taken by another process meanwhile). */
  get opsPort(): number {
    return this.port;
  }

  /**
   * Spawns it and resolves once /healthz answers (or throws with its output). A port that another
   * process took between being probed and being bound gets the app restarted on a fresh one.
   */
  async start(timeoutMs = 60_000): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.startOnce(timeoutMs);
        return;
      } catch (error) {
        if (attempt >= 3 || !this.tail().includes('EADDRINUSE')) {
          throw error;
        }
        this.port = await findFreePort();
      }
    }
  }

  private async startOnce(timeoutMs: number): Promise<void> {
    const child = spawnBuiltEntry(
      `apps/${this.app}/src/main.js`,
      { ...this.env, METRICS_PORT: String(this.opsPort) },
      this.output,
    );
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.app} exited at start: ${this.tail()}`);
      }
      const healthy = await fetch(`http://127.0.0.1:${String(this.opsPort)}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (healthy) {
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(`${this.app} not healthy after ${String(timeoutMs)} ms: ${this.tail()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Starts it unless it is running (a test's cleanup after a failure midway). */
  async ensureRunning(): Promise<void> {
    if (this.child?.exitCode === null && this.child.signalCode === null) {
      return;
    }
    await this.start();
  }

  /** SIGKILL: no shutdown hook runs; whatever was in flight is cut off. */
  kill(): Promise<void> {
    return this.signal('SIGKILL');
  }

  /** SIGTERM: a graceful stop. */
  stop(): Promise<void> {
    return this.signal('SIGTERM');
  }

  /** The last characters of its output. */
  tail(chars = 3000): string {
    return this.output.join('').slice(-chars);
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (child?.exitCode !== null || child.signalCode !== null) {
      return;
    }
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }
}
