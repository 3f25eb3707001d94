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
 */
export class GetMethodEmulator {
  private executor: Promise<Executor> | undefined;
  private configKey = '';
  private configBase64 = '';

  async run(input: EmulationInput, fetchLibraries: LibraryFetcher): Promise<EmulationResult> {
    // Loaded once, on first use; a failed load is retried by the next call.
    this.executor ??= Executor.create().catch((error: unknown) => {
      this.executor = undefined;
      throw error;
    });
    const executor = await this.executor;
    const libraries = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell());
    for (let round = 0; ; round++) {
      const res = await executor.runGetMethod({
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
      });
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
