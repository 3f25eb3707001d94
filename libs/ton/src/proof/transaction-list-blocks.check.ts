import { type BlockInfo } from '../tlb/block-info';
import { type ProofBlockId } from './block-header.check';
import { ProofError } from './proof-error';
import { type ChainedTransaction } from './transaction-list.check';

/** What a block's proven header bounds its transactions with (BlockInfo of block.tlb). */
export type TransactionBlockBounds = Pick<BlockInfo, 'startLt' | 'endLt' | 'genUtime'>;

/**
 * The transactions of a checked transactionList (checkTransactionList) against the proven headers
 * of the blocks its `ids` name, one per transaction. A block's transactions all have their logical
 * time within the block's [start_lt, end_lt) and their `now` equal to its gen_utime (the collator
 * starts every transaction of a block at or after the block's start_lt and sets one unix time for
 * the block: Collator::create_ordinary_transaction in validator/impl/collator.cpp of
 * https://github.com/ton-blockchain/ton). So a transaction attributed to another block of the same
 * shard chain is refused: blocks of one shard chain have disjoint lt ranges. That the block's shard
 * holds the account is checked with the ids (checkTransactionList); that the header is the block's
 * and the block is in the proven chain, by the caller (`boundsOf` answers proven headers only).
 * What stays unproven: that the transaction is filed in that block's ShardAccountBlocks (one
 * getOneTransaction proof per transaction would show it; the transaction itself is proven by the
 * hash chain).
 */
export function checkTransactionsInBlocks(
  transactions: readonly Pick<ChainedTransaction, 'lt' | 'now'>[],
  ids: readonly ProofBlockId[],
  boundsOf: (id: ProofBlockId) => TransactionBlockBounds,
): void {
  if (ids.length !== transactions.length) {
    throw new ProofError(
      'transactions',
      `${ids.length} block ids for ${transactions.length} transactions`,
    );
  }
  transactions.forEach((tx, i) => {
    const id = ids.at(i);
    if (id === undefined) {
      return; // unreachable: one id per transaction, checked above
    }
    const block = boundsOf(id);
    const named = `(${id.workchain},${id.shard.toString(16)},${id.seqno})`;
    if (tx.lt < block.startLt || tx.lt >= block.endLt) {
      throw new ProofError(
        'transactions',
        `transaction ${i} (lt ${tx.lt}) is not in block ${named}, whose lts are [${block.startLt}, ${block.endLt})`,
      );
    }
    if (tx.now !== block.genUtime) {
      throw new ProofError(
        'transactions',
        `transaction ${i} (now ${tx.now}) is not in block ${named}, generated at ${block.genUtime}`,
      );
    }
  });
}
