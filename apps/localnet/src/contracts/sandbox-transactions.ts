import type { Address, Slice, Transaction } from '@ton/core';

/**
 * Reading emulated transactions in tests and seeds: which account a transaction ran on, what its inbound
 * message carried and how its phases ended (block.tlb `trans_ord$0000` description).
 */
export function transactionTo(
  transactions: readonly Transaction[],
  to: Address,
  op?: number,
): Transaction | undefined {
  return transactions.find((tx) => {
    const info = tx.inMessage?.info;
    if (info === undefined || info.type === 'external-out' || !info.dest.equals(to)) {
      return false;
    }
    return op === undefined || inboundOp(tx) === op;
  });
}

/** The first 32 bits of the inbound message body, or null when the body is shorter. */
export function inboundOp(tx: Transaction): number | null {
  const body = tx.inMessage?.body.beginParse();
  if (body === undefined || body.remainingBits < 32) {
    return null;
  }
  return body.preloadUint(32);
}

/** The compute phase exit code, or null when the VM did not run (skipped compute phase). */
export function exitCode(tx: Transaction): number | null {
  const description = tx.description;
  if (description.type !== 'generic' || description.computePhase.type !== 'vm') {
    return null;
  }
  return description.computePhase.exitCode;
}

/** Whether the transaction ran to the end: compute exit 0 or 1 and a successful action phase. */
export function succeeded(tx: Transaction): boolean {
  const description = tx.description;
  if (description.type !== 'generic') {
    return false;
  }
  const code = exitCode(tx);
  const computeOk =
    code === null ? description.computePhase.type === 'skipped' : code === 0 || code === 1;
  return computeOk && !description.aborted && (description.actionPhase?.success ?? true);
}

/** The inbound message's body as a slice; throws when the transaction had no inbound message. */
export function inboundBody(tx: Transaction): Slice {
  if (!tx.inMessage) {
    throw new Error(`transaction ${tx.lt.toString()} has no inbound message`);
  }
  return tx.inMessage.body.beginParse();
}

/** The TON value of an internal inbound message (0 for an external one). */
export function inboundValue(tx: Transaction): bigint {
  const info = tx.inMessage?.info;
  return info?.type === 'internal' ? info.value.coins : 0n;
}
