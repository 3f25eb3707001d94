import {
  type ParamSource,
  type RawParams,
  optionalHash,
  optionalInt64,
  optionalInteger,
  parseError,
  requiredInteger,
  validationError,
} from '../v2-params';

const UINT32_MAX = 0xffffffff;

function throwing(error: Error): never {
  throw error;
}

/** `workchain` (required int32). */
export function requiredWorkchain(raw: RawParams, source: ParamSource): number {
  const workchain = requiredInteger(raw, 'workchain', source);
  if (workchain < -(2 ** 31) || workchain > 2 ** 31 - 1) {
    return throwing(parseError(source, 'failed to parse workchain', 'workchain'));
  }
  return workchain;
}

/** A block seqno of any chain (`seqno`, unsigned 32-bit in block.tlb); 0 names a zero state. */
function blockSeqno(value: number, name: string, source: ParamSource): number {
  if (value < 0 || value > UINT32_MAX) {
    return throwing(parseError(source, `failed to parse ${name}`, name));
  }
  return value;
}

export function requiredBlockSeqno(raw: RawParams, source: ParamSource): number {
  return blockSeqno(requiredInteger(raw, 'seqno', source), 'seqno', source);
}

export function optionalBlockSeqno(raw: RawParams, source: ParamSource): number | undefined {
  const seqno = optionalInteger(raw, 'seqno', source);
  return seqno === undefined ? undefined : blockSeqno(seqno, 'seqno', source);
}

/** A required masterchain `seqno` (getShards, getMasterchainBlockSignatures): positive in 2.1. */
export function requiredMasterchainSeqno(raw: RawParams, source: ParamSource): number {
  const seqno = requiredInteger(raw, 'seqno', source);
  if (seqno <= 0) {
    return throwing(validationError('seqno should be positive', 'seqno'));
  }
  return blockSeqno(seqno, 'seqno', source);
}

/** lookupBlock `lt`: int64, 2.1 `lt should be non-negative`. Returned as a decimal string. */
export function optionalLt(raw: RawParams, source: ParamSource): string | undefined {
  const lt = optionalInt64(raw, 'lt', source);
  if (lt !== undefined && lt < 0n) {
    return throwing(validationError('lt should be non-negative', 'lt'));
  }
  return lt?.toString();
}

/** lookupBlock `unixtime`: a uint32 unix time. */
export function optionalUnixtime(raw: RawParams, source: ParamSource): number | undefined {
  const unixtime = optionalInteger(raw, 'unixtime', source);
  if (unixtime !== undefined && (unixtime < 0 || unixtime > UINT32_MAX)) {
    return throwing(parseError(source, 'failed to parse unixtime', 'unixtime'));
  }
  return unixtime;
}

/** getShardBlockProof `from_seqno`: 2.1 `from_seqno should be non-negative`. */
export function optionalFromSeqno(raw: RawParams, source: ParamSource): number | undefined {
  const seqno = optionalInteger(raw, 'from_seqno', source);
  if (seqno !== undefined && seqno < 0) {
    return throwing(validationError('from_seqno should be non-negative', 'from_seqno'));
  }
  return seqno === undefined ? undefined : blockSeqno(seqno, 'from_seqno', source);
}

/** An optional 256-bit block hash (`root_hash`, `file_hash`) as standard base64 for the wire. */
export function optionalBlockHash(
  raw: RawParams,
  name: 'root_hash' | 'file_hash',
  source: ParamSource,
): string | undefined {
  return optionalHash(raw, name, source)?.toString('base64');
}
