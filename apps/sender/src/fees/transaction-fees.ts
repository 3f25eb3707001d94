import { type Cell, loadTransaction } from '@ton/core';

/** What a transaction's phases charged (nanotons). */
export interface PhaseFees {
  readonly storageFee: bigint;
  readonly gasFee: bigint;
  /** The forwarding fees of the messages the action phase sent (`total_fwd_fees`). */
  readonly fwdFee: bigint;
}

/**
 * The fees of an ordinary transaction, read from its description
 * (`trans_ord$0000 … storage_ph:(Maybe TrStoragePhase) … compute_ph:TrComputePhase
 *  action:(Maybe ^TrActionPhase) …`): storage_fees_collected, gas_fees of a run compute phase
 * (0 when skipped), and total_fwd_fees of the action phase (0 when absent).
 */
export function phaseFeesOf(transactionCell: Cell): PhaseFees {
  const tx = loadTransaction(transactionCell.beginParse());
  const description = tx.description;
  if (description.type !== 'generic') {
    throw new Error(`expected an ordinary transaction, got ${description.type}`);
  }
  const compute = description.computePhase;
  return {
    storageFee: description.storagePhase?.storageFeesCollected ?? 0n,
    gasFee: compute.type === 'vm' ? compute.gasFees : 0n,
    fwdFee: description.actionPhase?.totalFwdFees ?? 0n,
  };
}
