import { type EntityManager } from 'typeorm';
import { bulkColumns, type WriteRow } from '../entities/bulk-columns';
import { DecodeFailureEntity } from '../entities/decode-failure.entity';
import { insertUnnest } from '../repositories/unnest-insert';

/** Something the decoder could not decode: recorded (table `decode_failures`) and skipped. */
export type DecodeFailure = WriteRow<DecodeFailureEntity, 'mcSeqno' | 'kind' | 'subject' | 'error'>;

/** The error is stored cut to its first 2,000 characters. */
const DECODE_FAILURE_COLUMNS = bulkColumns<DecodeFailureEntity, DecodeFailure>(
  DecodeFailureEntity,
  {
    mcSeqno: (f) => f.mcSeqno,
    kind: (f) => f.kind,
    subject: (f) => f.subject,
    error: (f) => f.error.slice(0, 2000),
  },
);

export class DecodeFailureRepository {
  async record(m: EntityManager, failures: readonly DecodeFailure[]): Promise<void> {
    await insertUnnest(m, 'decode_failures', DECODE_FAILURE_COLUMNS, failures);
  }
}
