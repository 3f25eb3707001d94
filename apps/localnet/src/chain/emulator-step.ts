import { type Address, type Cell, serializeTuple, type TupleItem } from '@ton/core';
import type {
  Blockchain,
  BlockId,
  ExecutorEmulationResult,
  ExecutorVerbosity,
  PrevBlocksInfo,
  SmartContractTransaction,
} from '@ton/sandbox';

/** The parts of @ton/sandbox's SmartContract this step relies on (protected there). */
interface SandboxContract {
  createCommonArgs(params: { now: number; randomSeed: Buffer }): {
    config: string;
    libs: Cell | null;
    verbosity: ExecutorVerbosity;
    shardAccount: string;
    now: number;
    lt: bigint;
    randomSeed: Buffer | null;
    ignoreChksig: boolean;
    debugEnabled: boolean;
  };
  runCommon(run: () => Promise<ExecutorEmulationResult>): Promise<SmartContractTransaction>;
}

/** The parts of @ton/sandbox's Executor this step relies on (private there). */
interface SandboxExecutor {
  getEmulatorPointer(config: string, verbosity: number): number;
  runCommon(args: (string | number)[]): ExecutorEmulationResult;
}

/** The emulator's numeric verbosity for each of sandbox's names (emulator-emscripten's levels 0–5). */
const VERBOSITY: Record<ExecutorVerbosity, number> = {
  short: 0,
  full: 1,
  full_location: 2,
  full_location_gas: 3,
  full_location_stack: 4,
  full_location_stack_verbose: 5,
};

/**
 * Runs one message into one account as one emulator transaction, outside @ton/sandbox's message queue.
 *
 * Why not `blockchain.sendMessageIter`:
 * - On the real chain a transaction's in_msg is the very cell the sender created (or the user
 *   submitted), so the receiver's in-message hash equals the sender's out-message hash and traces
 *   link by hash. Sandbox re-serialises the parsed Message with @ton/core's default layout (init and
 *   body inline when they fit), which changes the hash whenever the sender put the StateInit or body
 *   in a reference (every NFT or Jetton wallet deploy). Here the emulator gets `message` as given.
 * - Sandbox serialises the c7 prev_blocks tuple (16 block ids) again for every transaction and
 *   extracts events the chain never reads: with 10,000 accounts, a 100-transaction seal went from
 *   ~450 to ~250 ms without them. Here the tuple is serialised once per value of
 *   `blockchain.prevBlocks`, the libraries once per change.
 *
 * What sandbox's own step does and the chain relies on is kept: the logical time advances by one
 * LT_ALIGN before the transaction, and the contract's runCommon parses the result, stores the new
 * account state and throws EmulationError when the emulator rejects the message. Sandbox's library
 * auto-deploy for masterchain transactions (`autoDeployLibs`, off unless asked for) is not done: the
 * chain never asks for it.
 */
export class EmulatorStep {
  // Serialised forms, with the values they were made from (none yet: no prev blocks, no libraries).
  private prevBlocks: { info: PrevBlocksInfo | undefined; base64: string | undefined } = {
    info: undefined,
    base64: undefined,
  };
  private libs: { cell: Cell | null; base64: string | 0 } = { cell: null, base64: 0 };

  constructor(private readonly blockchain: Blockchain) {}

  async run(
    dest: Address,
    message: Cell,
    params: { now: number; randomSeed: Buffer },
  ): Promise<SmartContractTransaction> {
    (this.blockchain as unknown as { increaseLt(): void }).increaseLt();
    const contract = (await this.blockchain.getContract(dest)) as unknown as SandboxContract;
    const args = contract.createCommonArgs(params);
    const executor = this.blockchain.executor as unknown as SandboxExecutor;
    const internal: Record<string, unknown> = {
      utime: args.now,
      lt: args.lt.toString(),
      rand_seed: args.randomSeed?.toString('hex') ?? '',
      ignore_chksig: args.ignoreChksig,
      debug_enabled: args.debugEnabled,
    };
    const prevBlocks = this.prevBlocksBase64();
    if (prevBlocks !== undefined) {
      internal.prev_blocks_info = prevBlocks;
    }
    const call = [
      executor.getEmulatorPointer(args.config, VERBOSITY[args.verbosity]),
      this.libsBase64(args.libs),
      args.shardAccount,
      message.toBoc().toString('base64'),
      JSON.stringify(internal),
    ];
    return contract.runCommon(() => Promise.resolve(executor.runCommon(call)));
  }

  private prevBlocksBase64(): string | undefined {
    // The public getter returns a deep copy on every call; the protected field keeps its identity
    // until `blockchain.prevBlocks` is set again, which is what the cache keys on.
    const info = (this.blockchain as unknown as { prevBlocksInfo?: PrevBlocksInfo }).prevBlocksInfo;
    if (this.prevBlocks.info !== info) {
      this.prevBlocks = {
        info,
        base64: info && prevBlocksStackValue(info).toBoc().toString('base64'),
      };
    }
    return this.prevBlocks.base64;
  }

  private libsBase64(libs: Cell | null): string | 0 {
    if (this.libs.cell !== libs) {
      // The emulator's "no libraries" is a null pointer, not an empty string.
      this.libs = { cell: libs, base64: libs?.toBoc().toString('base64') ?? 0 };
    }
    return this.libs.base64;
  }
}

function blockIdTuple(id: BlockId): TupleItem {
  const uint256 = (b: Buffer): bigint => BigInt('0x' + b.toString('hex'));
  return {
    type: 'tuple',
    items: [
      { type: 'int', value: BigInt(id.workchain) },
      { type: 'int', value: id.shard },
      { type: 'int', value: BigInt(id.seqno) },
      { type: 'int', value: uint256(id.rootHash) },
      { type: 'int', value: uint256(id.fileHash) },
    ],
  };
}

/**
 * c7's prev_blocks_info as the emulator takes it: one VmStackValue, the tuple
 * [last_mc_blocks, prev_key_block, (last_mc_blocks_100)] of BlockIdExt tuples.
 */
export function prevBlocksStackValue(info: PrevBlocksInfo): Cell {
  const items: TupleItem[] = [
    { type: 'tuple', items: info.lastMcBlocks.map(blockIdTuple) },
    blockIdTuple(info.prevKeyBlock),
  ];
  if (info.lastMcBlocks100) {
    items.push({ type: 'tuple', items: info.lastMcBlocks100.map(blockIdTuple) });
  }
  // A one-entry stack is vm_stack#_ depth:(## 24) stack:(VmStackList 1), and that list is
  // vm_stk_cons#_ rest:^(VmStackList 0) tos:VmStackValue: after the depth and the empty rest
  // reference, what remains is the entry itself.
  const stack = serializeTuple([{ type: 'tuple', items }]).beginParse();
  stack.skip(24);
  stack.loadRef();
  return stack.asCell();
}
