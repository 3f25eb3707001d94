import type { Address } from '@ton/core';

import type { StoredBlock, StoredTransaction } from './chain-reader';

/** A transaction with the block that holds it, as liteServer.getOneTransaction answers it. */
export interface IndexedTransaction {
  readonly tx: StoredTransaction;
  readonly block: StoredBlock;
}

/**
 * The transactions of the blocks the local chain holds, by account and lt. A block's transactions
 * enter when it is sealed (or restored) and leave when the history drops its contents.
 */
export class TransactionIndex {
  private readonly byKey = new Map<string, IndexedTransaction>();

  add(block: StoredBlock): void {
    for (const tx of block.transactions) {
      this.byKey.set(keyOf(tx.address, tx.lt), { tx, block });
    }
  }

  forget(block: StoredBlock): void {
    for (const tx of block.transactions) {
      this.byKey.delete(keyOf(tx.address, tx.lt));
    }
  }

  get(address: Address, lt: bigint): IndexedTransaction | undefined {
    return this.byKey.get(keyOf(address, lt));
  }
}

function keyOf(address: Address, lt: bigint): string {
  return `${address.toRawString()}:${lt}`;
}
