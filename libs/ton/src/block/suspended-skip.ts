import {
  beginCell,
  type Builder,
  type Cell,
  loadTransaction,
  loadTransactionCreditPhase,
  loadTransactionStoragePhase,
  type Transaction,
} from '@ton/core';

/*
 * cskip_no_state$00 cskip_bad_state$01 cskip_no_gas$10 cskip_suspended$110 = ComputeSkipReason;
 * trans_ord$0000 credit_first:Bool storage_ph:(Maybe TrStoragePhase) credit_ph:(Maybe TrCreditPhase)
 *   compute_ph:TrComputePhase action:(Maybe ^TrActionPhase) aborted:Bool bounce:(Maybe TrBouncePhase)
 *   destroyed:Bool = TransactionDescr;
 * tr_phase_compute_skipped$0 reason:ComputeSkipReason = TrComputePhase;
 * (crypto/block/block.tlb). @ton/core 0.63 knows only the three two-bit reasons and throws on
 * `cskip_suspended` (accounts suspended by config param 44, since 2025), which would make a whole block
 * unparsable. Such a transaction is read through a copy whose reason is rewritten to `no_state`; the
 * caller then reports `suspended`. Hashes always come from the original cell.
 */

const SUSPENDED = 0b110;

export interface TolerantTransaction {
  readonly tx: Transaction;
  /** The compute phase was skipped with cskip_suspended (the parse says no_state). */
  readonly suspended: boolean;
}

export function loadTransactionTolerant(cell: Cell): TolerantTransaction {
  try {
    return { tx: loadTransaction(cell.beginParse()), suspended: false };
  } catch (error) {
    const rewritten = withoutSuspendedSkip(cell);
    if (rewritten === null) {
      throw error;
    }
    return { tx: loadTransaction(rewritten.beginParse()), suspended: true };
  }
}

/** The transaction cell with an ordinary description's cskip_suspended as cskip_no_state; else null. */
function withoutSuspendedSkip(txCell: Cell): Cell | null {
  const descr = txCell.refs[txCell.refs.length - 1];
  if (descr === undefined) {
    return null;
  }
  const s = descr.beginParse();
  if (s.remainingBits < 5 || s.loadUint(4) !== 0b0000) {
    return null;
  }
  s.loadBit(); // credit_first
  if (s.loadBit()) {
    loadTransactionStoragePhase(s);
  }
  if (s.loadBit()) {
    loadTransactionCreditPhase(s);
  }
  const at = descr.bits.length - s.remainingBits;
  if (s.remainingBits < 4 || s.loadBit() || s.loadUint(3) !== SUSPENDED) {
    return null;
  }
  const fixed = withRefs(
    beginCell()
      .storeBits(descr.bits.substring(0, at))
      .storeUint(0b000, 3) // tr_phase_compute_skipped$0 cskip_no_state$00
      .storeBits(descr.bits.substring(at + 4, descr.bits.length - at - 4)),
    descr.refs,
  ).endCell();
  return withRefs(beginCell().storeBits(txCell.bits), [
    ...txCell.refs.slice(0, -1),
    fixed,
  ]).endCell();
}

function withRefs(builder: Builder, refs: readonly Cell[]): Builder {
  for (const ref of refs) {
    builder.storeRef(ref);
  }
  return builder;
}
