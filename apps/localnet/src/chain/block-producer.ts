import type { StoredBlock } from './chain-reader';
import type { LocalChain } from './local-chain';

export type BlockProducerMode = 'timer' | 'manual' | 'deterministic';

export interface BlockProducerOptions {
  /** timer: seal every `intervalMs`; manual: only sealNow(); deterministic: seal as soon as a
   *  message is queued, then until nothing is queued. */
  readonly mode?: BlockProducerMode;
  readonly intervalMs?: number;
  readonly logger?: { error(obj: object, msg: string): void };
}

/**
 * Drives a LocalChain's block production: on a timer (default 400 ms, like mainnet since April 2026), on
 * demand, or deterministically after each submitted message. Seals never overlap (the chain serialises
 * them), and the timer schedules the next seal only after the previous one finished.
 */
export class BlockProducer {
  readonly mode: BlockProducerMode;
  readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private running = false;
  private settling: Promise<void> | undefined;
  /** Seal statistics (milliseconds). */
  readonly stats = { seals: 0, lastMs: 0, maxMs: 0, totalMs: 0 };

  constructor(
    private readonly chain: LocalChain,
    private readonly options: BlockProducerOptions = {},
  ) {
    this.mode = options.mode ?? 'timer';
    this.intervalMs = options.intervalMs ?? 400;
    if (!Number.isFinite(this.intervalMs) || this.intervalMs < 1) {
      throw new Error('intervalMs must be a positive number');
    }
  }

  start(): void {
    if (this.running) {
      return;
    }
    this.running = true;
    if (this.mode === 'timer') {
      this.schedule(this.intervalMs);
    } else if (this.mode === 'deterministic') {
      this.unsubscribe = this.chain.onQueued(() => {
        this.kick();
      });
      if (this.chain.pending > 0) {
        this.kick();
      }
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.settling;
  }

  /** Seals one block now. */
  async sealNow(): Promise<StoredBlock> {
    const t0 = performance.now();
    const block = await this.chain.seal();
    const ms = performance.now() - t0;
    this.stats.seals++;
    this.stats.lastMs = ms;
    this.stats.totalMs += ms;
    this.stats.maxMs = Math.max(this.stats.maxMs, ms);
    return block;
  }

  /** Resolves once the deterministic mode has sealed everything queued so far. */
  async idle(): Promise<void> {
    while (this.settling) {
      await this.settling;
    }
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      const t0 = performance.now();
      this.sealNow()
        .catch((err: unknown) => {
          this.options.logger?.error({ err }, 'seal failed');
        })
        .finally(() => {
          if (this.running) {
            this.schedule(Math.max(0, this.intervalMs - (performance.now() - t0)));
          }
        });
    }, delay);
  }

  private kick(): void {
    if (this.settling || !this.running) {
      return;
    }
    this.settling = (async () => {
      try {
        // Seal right away, then keep sealing while the trace continues (settle).
        while (this.running && this.chain.pending > 0) {
          await this.sealNow();
        }
      } catch (err) {
        // The producer runs in the background with no caller to tell; the next kick seals again.
        this.options.logger?.error({ err }, 'seal failed');
      } finally {
        this.settling = undefined;
      }
    })();
  }
}
