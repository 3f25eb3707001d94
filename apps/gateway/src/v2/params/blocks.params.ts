import {
  type ParamSource,
  type RawParams,
  optionalHash,
  optionalInteger,
  optionalNonNegativeLt,
  requiredInteger,
  validationError,
} from '../v2-params';
import { V2Range } from '../v2-schemas';

function throwing(error: Error): never {
  throw error;
}

/** `workchain` (required int32). */
export function requiredWorkchain(raw: RawParams, source: ParamSource): number {
  return requiredInteger(raw, 'workchain', source, V2Range.int32);
}

/**
 * A block seqno of any chain: block.tlb's uint32, carried as the lite_api's TL `int`, so 2.1 and the
 * wire both stop at 2^31−1; 0 names a zero state.
 */
export function requiredBlockSeqno(raw: RawParams, source: ParamSource): number {
  return requiredInteger(raw, 'seqno', source, V2Range.nonNegativeInt32);
}

export function optionalBlockSeqno(raw: RawParams, source: ParamSource): number | undefined {
  return optionalInteger(raw, 'seqno', source, V2Range.nonNegativeInt32);
}

/** A required masterchain `seqno` (getShards, getMasterchainBlockSignatures): positive in 2.1. */
export function requiredMasterchainSeqno(raw: RawParams, source: ParamSource): number {
  const seqno = requiredInteger(raw, 'seqno', source, V2Range.int32);
  if (seqno <= 0) {
    return throwing(validationError('seqno should be positive', 'seqno'));
  }
  return seqno;
}

/** lookupBlock `lt`: int64, 2.1 `lt should be non-negative`. Returned as a decimal string. */
export function optionalLt(raw: RawParams, source: ParamSource): string | undefined {
  return optionalNonNegativeLt(raw, 'lt', source);
}

/** lookupBlock `unixtime`: 2.1's int32 (the lite_api's `utime:int`), not before 1970. */
export function optionalUnixtime(raw: RawParams, source: ParamSource): number | undefined {
  return optionalInteger(raw, 'unixtime', source, V2Range.nonNegativeInt32);
}

/** getShardBlockProof `from_seqno`: 2.1 `from_seqno should be non-negative`. */
export function optionalFromSeqno(raw: RawParams, source: ParamSource): number | undefined {
  const seqno = optionalInteger(raw, 'from_seqno', source, V2Range.int32);
  if (seqno !== undefined && seqno < 0) {
    return throwing(validationError('from_seqno should be non-negative', 'from_seqno'));
  }
  return seqno;
}

/** An optional 256-bit block hash (`root_hash`, `file_hash`) as standard base64 for the wire. */
export function optionalBlockHash(
  raw: RawParams,
  name: 'root_hash' | 'file_hash',
  source: ParamSource,
): string | undefined {
  return optionalHash(raw, name, source)?.toString('base64');
}
