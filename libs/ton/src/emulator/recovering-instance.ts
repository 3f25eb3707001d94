/**
 * One long-lived instance of something that can break for good, such as the TVM emulator's WASM
 * module (@ton/sandbox `Executor`): after a trap ("memory access out of bounds", "unreachable") its
 * memory is left as the trap found it and every later call fails too. Here a call that throws
 * discards the instance it ran on; the next call creates a fresh one, so one bad request cannot take
 * the service down for everyone until a restart.
 */
export class RecoveringInstance<T> {
  private current: Promise<T> | undefined;
  private discards = 0;

  /**
   * @param create makes a fresh instance (called lazily, again after each discard).
   * @param onDiscard hears of each discarded instance with the error that broke it (a log line).
   */
  constructor(
    private readonly create: () => Promise<T>,
    private readonly onDiscard: (error: unknown) => void = () => undefined,
  ) {}

  /** How many instances were discarded since this holder was made. */
  get discarded(): number {
    return this.discards;
  }

  /**
   * Runs `call` on the instance. When it throws, that instance is discarded and `call` runs once more
   * on a fresh one: the first failure may be another request's doing (a concurrent call that broke
   * the shared instance), so only a second failure is this call's own, and it is thrown.
   */
  async run<R>(call: (instance: T) => Promise<R>): Promise<R> {
    try {
      return await this.once(call);
    } catch {
      // The instance that failed is gone (see once); a fresh one decides.
      return await this.once(call);
    }
  }

  private async once<R>(call: (instance: T) => Promise<R>): Promise<R> {
    const instance = this.instance();
    const value = await instance;
    try {
      return await call(value);
    } catch (error: unknown) {
      this.discard(instance, error);
      throw error;
    }
  }

  private instance(): Promise<T> {
    if (this.current === undefined) {
      const created = this.create();
      this.current = created;
      // A failed creation is not kept: the next call tries again.
      created.catch(() => {
        if (this.current === created) {
          this.current = undefined;
        }
      });
    }
    return this.current;
  }

  /** Forgets `instance` unless a concurrent call already replaced it. */
  private discard(instance: Promise<T>, error: unknown): void {
    if (this.current !== instance) {
      return;
    }
    this.current = undefined;
    this.discards += 1;
    this.onDiscard(error);
  }
}
