import { type ParsedMessage, type ParsedTransaction } from '@app/ton';
import { type TraceMessage, type TraceTransaction } from './trace-model';

/**
 * A transaction flattened from its cell (`flattenTransaction` of @app/ton, as the ingestor flattens a
 * block's) in the classifier's model: what the sender's emulated traces and the local network's
 * contract cases classify, as the decoder classifies the same columns read back from PostgreSQL.
 */
export interface ParsedTraceOrigin {
  readonly traceId: string;
  /** The masterchain block the transaction is (or would be) committed by. */
  readonly mcSeqno: number;
  /** The transaction came from an emulation, not from a block. */
  readonly emulated: boolean;
}

function traceMessage(m: ParsedMessage, tx: ParsedTransaction): TraceMessage {
  return {
    msg_hash: m.hash,
    tx_hash: tx.hash,
    tx_lt: tx.lt,
    direction: m.direction,
    source: m.source,
    destination: m.destination,
    value: m.value,
    value_extra_currencies: m.valueExtraCurrencies === null ? null : { ...m.valueExtraCurrencies },
    fwd_fee: m.fwdFee,
    ihr_fee: m.ihrFee,
    created_lt: m.createdLt,
    created_at: m.createdAt,
    opcode: m.opcode,
    ihr_disabled: m.ihrDisabled,
    bounce: m.bounce,
    bounced: m.bounced,
    import_fee: m.importFee,
    body_hash: m.bodyHash,
    init_state_hash: m.initStateHash,
    body: m.bodyBoc,
    init_state: m.initStateBoc,
  };
}

/** The classifier's model of a flattened transaction. */
export function traceTransactionOf(
  t: ParsedTransaction,
  origin: ParsedTraceOrigin,
): TraceTransaction {
  return {
    hash: t.hash,
    lt: t.lt,
    account: t.account,
    now: t.now,
    mc_block_seqno: origin.mcSeqno,
    block_seqno: null,
    trace_id: origin.traceId,
    orig_status: t.origStatus,
    end_status: t.endStatus,
    total_fees: t.totalFees,
    descr: t.descr,
    aborted: t.aborted ?? false,
    destroyed: t.destroyed,
    is_tock: t.isTock,
    compute_skipped: t.computeSkipped,
    skipped_reason: t.skippedReason,
    compute_success: t.computeSuccess,
    compute_exit_code: t.computeExitCode,
    action_success: t.actionSuccess,
    emulated: origin.emulated,
    // The in-message first, then the out-messages by creation lt (the model's convention).
    messages: [
      ...(t.inMessage === null ? [] : [traceMessage(t.inMessage, t)]),
      ...[...t.outMessages]
        .sort((a, b) => Number((a.createdLt ?? 0n) - (b.createdLt ?? 0n)))
        .map((m) => traceMessage(m, t)),
    ],
  };
}
