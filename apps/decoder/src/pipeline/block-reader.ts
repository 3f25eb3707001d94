import { type TraceTransaction } from '@app/classify';
import { BlockInputRepository, type EntityManager, type MsgInputRow } from '@app/database';
import { type TouchedAccount } from '../interfaces/interface-detector';
import { SYSTEM_ADDRESS, type EdgeTx } from '../traces/trace-edges';
import { message, transaction } from './trace-input.mapper';

/** One transaction of a block: the classifier's form (trace_id set once assembled) and its edges. */
export interface BlockTransaction {
  readonly tx: TraceTransaction;
  readonly edges: EdgeTx;
}

/** The transactions a masterchain block first committed, read once for everything decoding does. */
export interface BlockRows {
  readonly mcSeqno: number;
  readonly transactions: readonly BlockTransaction[];
  /** Every account with a transaction here, as its last one left it (interface detection). */
  readonly touched: readonly TouchedAccount[];
}

/**
 * Reads a masterchain block's transactions and messages (two queries) into the classifier's model and
 * the edges trace assembly needs. The rows never change once ingested, so this can run ahead of the
 * decoder's commits.
 */
export class BlockReader {
  private readonly repo = new BlockInputRepository();

  async read(m: EntityManager, mcSeqno: number): Promise<BlockRows> {
    const rows = await this.repo.load(m, mcSeqno, mcSeqno);
    const byTx = new Map<string, MsgInputRow[]>();
    for (const msg of rows.messages) {
      const list = byTx.get(msg.tx_hash);
      if (list === undefined) {
        byTx.set(msg.tx_hash, [msg]);
      } else {
        list.push(msg);
      }
    }
    const lastOf = new Map<string, TouchedAccount>();
    const transactions = rows.transactions.map((r): BlockTransaction => {
      const tx = transaction(r, (byTx.get(r.hash) ?? []).map(message), null);
      const inRow = tx.messages.find((msg) => msg.direction === 'in');
      const seen = lastOf.get(r.account);
      if (seen === undefined || seen.lastLt < tx.lt) {
        lastOf.set(r.account, {
          address: r.account,
          lastLt: tx.lt,
          codeHash: r.code_hash,
          dataHash: r.data_hash,
        });
      }
      return {
        tx,
        edges: {
          hash: tx.hash,
          lt: tx.lt,
          now: tx.now,
          workchain: r.block_workchain,
          account: r.account,
          inMsg: inRow === undefined ? null : { hash: inRow.msg_hash, source: inRow.source },
          outMsgs: tx.messages
            .filter((msg) => msg.direction === 'out')
            .map((msg) => ({ hash: msg.msg_hash, external: msg.destination === null })),
        },
      };
    });
    // In address order, so that which account first probes a new code does not depend on row order.
    const touched = [...lastOf.values()].sort((a, b) =>
      a.address < b.address ? -1 : a.address > b.address ? 1 : 0,
    );
    return { mcSeqno, transactions, touched };
  }
}

/** An in-message sent by an earlier transaction of some trace (not external, not from the system). */
export function isInternal(edges: EdgeTx): boolean {
  return (
    edges.inMsg !== null && edges.inMsg.source !== null && edges.inMsg.source !== SYSTEM_ADDRESS
  );
}
