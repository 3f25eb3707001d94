import type { Message } from '@ton/core';
import type { Blockchain, BlockchainTransaction } from '@ton/sandbox';

import type { SeedContext } from './seed-context';

export interface EmulatorSeedContextOptions {
  /** Called with every transaction the settled messages caused, in execution order. */
  readonly onTransaction?: (transaction: BlockchainTransaction) => void;
}

/**
 * A SeedContext straight over a @ton/sandbox Blockchain, without blocks: `settle` runs the queued messages
 * (and everything they cause) through the emulator in submission order. For tests of the seeds and for
 * tools that need the seeded state but not the chain.
 */
export function emulatorSeedContext(
  blockchain: Blockchain,
  options: EmulatorSeedContextOptions = {},
): SeedContext {
  const queue: Message[] = [];
  return {
    blockchain,
    submit(message: Message): void {
      queue.push(message);
    },
    async settle(): Promise<void> {
      for (let message = queue.shift(); message !== undefined; message = queue.shift()) {
        const result = await blockchain.sendMessage(message);
        for (const transaction of result.transactions) {
          options.onTransaction?.(transaction);
        }
      }
    },
  };
}
