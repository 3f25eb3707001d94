import { type Blockchain } from '@ton/sandbox';
import { type Address, type Cell } from '@ton/core';

/** The parts of @ton/sandbox's SmartContract this adapter relies on (protected there). */
interface SandboxContract {
  receiveMessage: (...args: unknown[]) => Promise<unknown>;
  createCommonArgs(params?: unknown): Record<string, unknown>;
  runCommon(run: () => Promise<unknown>, callStack?: string): Promise<unknown>;
}

/**
 * Runs `step` with the destination contract receiving exactly `cell`.
 *
 * On the real chain a transaction's in_msg is the very cell the sender created (or the one submitted
 * by the user), so the receiver's in-message hash equals the sender's out-message hash and traces link
 * by hash. @ton/sandbox's SmartContract.receiveMessage instead re-serialises the parsed Message with
 * @ton/core's default layout (init and body inline when they fit), which changes the hash whenever the
 * sender put the StateInit or body in a reference (every NFT or Jetton wallet deploy). For the one step,
 * the contract's receiveMessage is replaced by the same call with the original cell.
 */
export async function withExactMessageCell<T>(
  blockchain: Blockchain,
  dest: Address,
  cell: Cell,
  step: () => Promise<T>,
): Promise<T> {
  const contract = (await blockchain.getContract(dest)) as unknown as SandboxContract;
  const sandboxReceive = contract.receiveMessage;
  contract.receiveMessage = function (this: SandboxContract, _message, params, callStack) {
    const args = { ...this.createCommonArgs(params), message: cell };
    return this.runCommon(
      () => blockchain.executor.runTransaction(args as never),
      callStack as string | undefined,
    );
  };
  try {
    return await step();
  } finally {
    contract.receiveMessage = sandboxReceive;
  }
}
