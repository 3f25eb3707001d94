import { Executor } from '@ton/sandbox';

/**
 * The emulator of @ton/sandbox, one per sender: fee estimates (FeeEstimator), the trace emulator
 * (transactions) and the interface probes of emulatePendingTrace (get-methods). Loaded once, on first
 * use; a failed load is retried by the next call.
 */
export class SandboxExecutor {
  private executor: Promise<Executor> | undefined;

  load(): Promise<Executor> {
    this.executor ??= Executor.create().catch((error: unknown) => {
      this.executor = undefined;
      throw error;
    });
    return this.executor;
  }
}
