import type { Blockchain } from '@ton/sandbox';

import { droppedRecord } from './dropped-block';
import type { ShardChain } from './shard-chain';
import { dropState, HistoryRetention } from './state-retention';
import type { TransactionIndex } from './transaction-index';

/**
 * The last stage of a seal: drops the states past `stateHistory` and the block contents past
 * `blockHistory` (state-retention.ts), with their transactions' index entries, and the emulator's
 * own transaction log.
 */
export class HistoryPruner {
  private readonly stateRetention: HistoryRetention;
  private readonly blockRetention: HistoryRetention;

  constructor(
    private readonly blockchain: Blockchain,
    transactions: TransactionIndex,
    statesKept: number,
    blocksKept: number,
  ) {
    this.stateRetention = new HistoryRetention(
      statesKept,
      (_chain, _index, record) => {
        dropState(record, statesKept);
      },
      'stateHistory',
    );
    this.blockRetention = new HistoryRetention(
      blocksKept,
      (chain, index, record) => {
        transactions.forget(record.stored);
        chain.blocks[index] = droppedRecord(record, blocksKept);
      },
      'blockHistory',
    );
  }

  afterSeal(chains: readonly ShardChain[], seqno: number): void {
    forgetEmulatedTransactions(this.blockchain);
    this.stateRetention.afterSeal(chains, seqno);
    this.blockRetention.afterSeal(chains, seqno);
  }
}

/**
 * @ton/sandbox's Blockchain appends every transaction it emulates — parsed, with its logs and out
 * messages — to a protected `transactions` array, for its own getTransactions helper. The local chain
 * answers from its blocks (TransactionIndex), so that array only grows: at 100 transactions a block it
 * was most of a long-running network's memory. Emptied after every seal.
 */
function forgetEmulatedTransactions(blockchain: Blockchain): void {
  const log: unknown = (blockchain as unknown as { transactions?: unknown }).transactions;
  if (Array.isArray(log)) {
    log.length = 0;
  }
}
