import { type ParsedAccountState } from '@app/ton';
import { type BlockRow, type ShardStateRow } from './block.columns';
import { type LatestStateRow } from './account-state.columns';
import { type McBlockBatch, batchBlocks } from './chain-batch';
import { type MessageContentRow, type MessageRow } from './message.columns';
import { type TransactionRow } from './transaction.columns';

/** The masterchain's only shard, 0x8000000000000000, as the signed bigint the tables store. */
export const MASTERCHAIN_SHARD_SIGNED = -(1n << 63n);

/** The rows of every table for one batch, deduplicated where a key could repeat within it. */
export interface BatchRows {
  readonly blocks: BlockRow[];
  readonly shardState: ShardStateRow[];
  readonly transactions: TransactionRow[];
  readonly messages: MessageRow[];
  readonly contents: MessageContentRow[];
  readonly accountStates: ParsedAccountState[];
  readonly latestStates: LatestStateRow[];
}

export function batchRows(batch: McBlockBatch): BatchRows {
  const { mcSeqno } = batch;
  const blocks: BlockRow[] = [];
  const transactions: TransactionRow[] = [];
  const messages: MessageRow[] = [];
  const contents = new Map<string, MessageContentRow>();
  const states = new Map<string, ParsedAccountState>();
  const latest = new Map<string, LatestStateRow>();

  for (const block of batchBlocks(batch)) {
    blocks.push({ header: block.header, mcSeqno, mcShard: MASTERCHAIN_SHARD_SIGNED });
    const blockStates = new Map(block.accountStates.map((state) => [state.hash, state]));
    for (const state of block.accountStates) {
      states.set(state.hash, state);
    }
    for (const tx of block.transactions) {
      transactions.push({ tx, block: block.header, mcSeqno });
      const txMessages = tx.inMessage === null ? tx.outMessages : [tx.inMessage, ...tx.outMessages];
      for (const msg of txMessages) {
        messages.push({ msg, txHash: tx.hash, txLt: tx.lt, mcSeqno });
        contents.set(msg.bodyHash, { hash: msg.bodyHash, body: msg.bodyBoc });
        if (msg.initStateHash !== null && msg.initStateBoc !== null) {
          contents.set(msg.initStateHash, { hash: msg.initStateHash, body: msg.initStateBoc });
        }
      }
      noteLatest(latest, blockStates.get(tx.accountStateHashAfter), tx.hash, tx.lt, tx.now);
    }
  }

  return {
    blocks,
    shardState: shardStateRows(batch),
    transactions,
    messages,
    contents: [...contents.values()],
    accountStates: [...states.values()],
    latestStates: [...latest.values()],
  };
}

/** The masterchain block itself and every shard top it commits (toncenter's shard_state). */
function shardStateRows(batch: McBlockBatch): ShardStateRow[] {
  const mc = batch.masterchain.header;
  return [
    { mcSeqno: batch.mcSeqno, workchain: mc.workchain, shard: mc.shard, seqno: mc.seqno },
    ...batch.masterchain.shards.map((top) => ({
      mcSeqno: batch.mcSeqno,
      workchain: top.workchain,
      shard: top.shard,
      seqno: top.seqno,
    })),
  ];
}

/** Keeps, per account, the state after its latest transaction in the batch. */
function noteLatest(
  latest: Map<string, LatestStateRow>,
  state: ParsedAccountState | undefined,
  txHash: string,
  lt: bigint,
  now: number,
): void {
  // No state: not the block's final state of the account (an earlier tx of several), and a later
  // transaction of the same account supplies it.
  if (state === undefined) {
    return;
  }
  const known = latest.get(state.account);
  if (known === undefined || known.lastTransLt < lt) {
    latest.set(state.account, { state, lastTransHash: txHash, lastTransLt: lt, timestamp: now });
  }
}
