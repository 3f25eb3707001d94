import { createHash } from 'node:crypto';
import { STREAM_CONTRACTS, type StreamSubject } from '@app/contracts';
import { z } from 'zod';

/**
 * The header with which a producer says it checked an entry against the stream contracts of the
 * fingerprint it carries (contractFingerprint).
 */
export const CHECKED_CONTRACT_HEADER = 'Stream-Checked-Contract';

/**
 * A digest of contracts as JSON Schemas (https://zod.dev/json-schema): a producer and a follower built
 * from the same contracts compute the same one, and a change of any field, type, format or bound
 * changes it. Refinements a JSON Schema cannot express are left out of it.
 */
export function contractFingerprint(contracts: Readonly<Record<string, z.ZodType>>): string {
  const schemas = Object.keys(contracts)
    .sort()
    .map((subject) => [
      subject,
      z.toJSONSchema(contracts[subject] ?? z.never(), { unrepresentable: 'any' }),
    ]);
  return createHash('sha256').update(JSON.stringify(schemas)).digest('hex').slice(0, 32);
}

let streamFingerprint: string | undefined;

/** contractFingerprint of this build's stream contracts (computed once). */
export function streamContractFingerprint(): string {
  streamFingerprint ??= contractFingerprint(
    STREAM_CONTRACTS satisfies Readonly<Record<StreamSubject, z.ZodType>>,
  );
  return streamFingerprint;
}
