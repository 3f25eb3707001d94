/**
 * Why an answer could not be proven; the label of the unverified-answer metric, so that an operator
 * sees which kind of check a liteserver failed.
 */
export type ProofFailure =
  | 'merkle_proof'
  | 'block_header'
  | 'signatures'
  | 'block_link'
  | 'shard_block'
  | 'account_state'
  | 'config'
  | 'transactions'
  | 'library'
  | 'zero_state'
  | 'block_lookup'
  | 'block_data'
  | 'block_transactions'
  | 'run_method';

/** An answer that does not prove what it claims: never served, cached or indexed. */
export class ProofError extends Error {
  constructor(
    readonly reason: ProofFailure,
    message: string,
  ) {
    super(`${reason}: ${message}`);
    this.name = 'ProofError';
  }
}

/** Runs a parse over proof cells, turning any malformed-cell error into a ProofError of `reason`. */
export function provenParse<T>(reason: ProofFailure, what: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ProofError) {
      throw error;
    }
    throw new ProofError(
      reason,
      `${what}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
