import { type DataSource } from '@app/database';
import { processCpuSeconds } from './process-cpu';

/**
 * The CPU time PostgreSQL spends for one database during a measurement: the server processes of every
 * session on it (pg_stat_activity), sampled every 200 ms from /proc, so a session that ends between
 * samples loses at most its last 200 ms. Only meaningful for a local server on Linux; `stop` answers
 * null otherwise. The machine is shared, so CPU time says more about the cost than wall time does.
 */
export class PostgresCpu {
  private readonly seen = new Map<number, { first: number; last: number }>();
  private running = false;
  private loop: Promise<void> | undefined;
  private available = true;

  constructor(private readonly ds: DataSource) {}

  async start(): Promise<void> {
    await this.sample();
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        await new Promise((r) => setTimeout(r, 200));
        await this.sample().catch(() => undefined);
      }
    })();
  }

  /** Seconds of CPU the database's server processes used since `start` (null: not measurable). */
  async stop(): Promise<number | null> {
    await this.sample().catch(() => undefined);
    this.running = false;
    await this.loop;
    if (!this.available) {
      return null;
    }
    let total = 0;
    for (const { first, last } of this.seen.values()) {
      total += last - first;
    }
    return Math.round(total * 10) / 10;
  }

  private async sample(): Promise<void> {
    const rows: { pid: number }[] = await this.ds.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
    );
    for (const { pid } of rows) {
      const cpu = processCpuSeconds(pid);
      if (cpu === undefined) {
        this.available = false;
        continue;
      }
      const known = this.seen.get(pid);
      // A session first seen now started during the measurement: all its time counts.
      const first = known?.first ?? (this.running ? 0 : cpu);
      this.seen.set(pid, { first, last: cpu });
    }
  }
}
