import { ErrorCode, TonApiError } from '@app/contracts';
import { RecoveringInstance } from '@app/ton';
import { beginCell, Cell, Dictionary, parseTuple, type Address, type TupleItem } from '@ton/core';
import { Executor } from '@ton/sandbox';

/** tonlib's get-method gas budget (SmartContract::Args default limit, 10^7). */
const GAS_LIMIT = 10_000_000n;
/** How many missing libraries one call may fetch before giving up. */
const MAX_LIBRARY_ROUNDS = 8;

export interface EmulationInput {
  readonly code: Cell;
  readonly data: Cell;
  readonly address: Address;
  readonly balance: bigint;
  readonly methodId: number;
  readonly stack: TupleItem[];
  /** The config dictionary (`Hashmap 32 ^Cell` root) of the block the state was read at. */
  readonly config: Cell;
  /** gen_utime of the block holding the state: the `now` of c7. */
  readonly unixTime: number;
}

export interface EmulationResult {
  readonly exitCode: number;
  readonly gasUsed: number;
  readonly stack: TupleItem[];
}

/** Fetches library cells by hash (liteServer.getLibraries). */
export type LibraryFetcher = (hashes: Buffer[]) => Promise<{ hash: Buffer; data: Cell }[]>;

/**
 * Runs a get-method on a proven account state in this process, as tonlib does for smc.runGetMethod
 * (TonlibClient runs the TVM itself; the lite API's runSmcMethod reports no gas). The TVM is the
 * emulator of @ton/sandbox (the ton-blockchain emulator built to WASM); missing libraries are fetched
 * and the call retried, as tonlib fetches them on demand.
 *
 * The emulator is one WASM instance shared by every request. A call that traps it (the emulator fails
 * every later call once trapped) discards it and runs again on a fresh one; when the fresh one traps
 * too, the request is answered with a clean error and the next request gets a fresh instance again.
 * Stacks are bounded before they get here (GET_METHOD_STACK_LIMITS), so a trap is not expected.
 */
export class GetMethodEmulator {
  private readonly executors: RecoveringInstance<Executor>;
  private configKey = '';
  private configBase64 = '';

  /** @param onDiscard hears of each trapped instance thrown away (a log line). */
  constructor(onDiscard?: (error: unknown) => void) {
    // Loaded on first use; a failed load is retried by the next call.
    this.executors = new RecoveringInstance(() => Executor.create(), onDiscard);
  }

  /** Emulator instances thrown away after a failure since this emulator was made. */
  get discardedInstances(): number {
    return this.executors.discarded;
  }

  async run(input: EmulationInput, fetchLibraries: LibraryFetcher): Promise<EmulationResult> {
    const libraries = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell());
    for (let round = 0; ; round++) {
      const res = await this.emulate(input, (executor) =>
        executor.runGetMethod({
          code: input.code,
          data: input.data,
          methodId: input.methodId,
          stack: input.stack,
          config: this.config(input.config),
          verbosity: 'short',
          ...(libraries.size > 0 ? { libs: beginCell().storeDictDirect(libraries).endCell() } : {}),
          address: input.address,
          unixTime: input.unixTime,
          balance: input.balance,
          randomSeed: Buffer.alloc(32),
          gasLimit: GAS_LIMIT,
          debugEnabled: false,
        }),
      );
      if (!res.output.success) {
        throw new Error(`get-method emulation failed: ${res.output.error}`);
      }
      const missing = res.output.missing_library;
      if (missing !== null && missing !== '' && round < MAX_LIBRARY_ROUNDS) {
        const hash = Buffer.from(missing, 'hex');
        const found = await fetchLibraries([hash]);
        if (found.length > 0) {
          for (const lib of found) {
            libraries.set(lib.hash, lib.data);
          }
          continue;
        }
      }
      const exitCode = res.output.vm_exit_code;
      // tonlib returns the stack of a successful run only (exit codes 0 and 1).
      const stack =
        exitCode === 0 || exitCode === 1 ? parseTuple(Cell.fromBase64(res.output.stack)) : [];
      return { exitCode, gasUsed: Number(res.output.gas_used), stack };
    }
  }

  /**
   * One emulator call on a healthy instance. A failure on two instances in a row is this request's
   * own: with arguments it is theirs (a 422 naming `stack`, as a stack the emulator cannot take is
   * bad input), without them the account's state or the config broke the TVM (tonlib's TVM error).
   */
  private async emulate<R>(
    input: EmulationInput,
    call: (executor: Executor) => Promise<R>,
  ): Promise<R> {
    try {
      return await this.executors.run(call);
    } catch (error: unknown) {
      // A WASM trap is an Error; an aborting C++ exception arrives as a bare number.
      const reason = error instanceof Error ? error.message : 'the emulator aborted';
      if (input.stack.length > 0) {
        throw new TonApiError(
          ErrorCode.INVALID_ARGUMENT,
          `stack cannot be run by the TVM emulator (${reason})`,
          { details: { param: 'stack' } },
        );
      }
      throw new TonApiError(ErrorCode.TVM_ERROR, `get-method emulation failed: ${reason}`, {
        cause: error,
      });
    }
  }

  /** The emulator takes the config as a BoC string; it is re-encoded only when the block changes. */
  private config(config: Cell): string {
    const key = config.hash().toString('hex');
    if (key !== this.configKey) {
      this.configKey = key;
      this.configBase64 = config.toBoc().toString('base64');
    }
    return this.configBase64;
  }
}
