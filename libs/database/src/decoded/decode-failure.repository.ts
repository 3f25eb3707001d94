import { type EntityManager } from 'typeorm';
import { insertUnnest } from '../repositories/unnest-insert';

/** Something the decoder could not decode: recorded (table `decode_failures`) and skipped. */
export interface DecodeFailure {
  readonly mcSeqno: number;
  /** `body` (a message body that does not parse), `classify` (a trace the classifier failed on). */
  readonly kind: string;
  /** What failed: a transaction hash, a trace id. */
  readonly subject: string;
  readonly error: string;
}

export class DecodeFailureRepository {
  async record(m: EntityManager, failures: readonly DecodeFailure[]): Promise<void> {
    await insertUnnest(
      m,
      'decode_failures',
      [
        { name: 'mc_seqno', type: 'integer', value: (f: DecodeFailure) => f.mcSeqno },
        { name: 'kind', type: 'text', value: (f) => f.kind },
        { name: 'subject', type: 'text', value: (f) => f.subject },
        { name: 'error', type: 'text', value: (f) => f.error.slice(0, 2000) },
      ],
      failures,
    );
  }
}
