import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Table `decode_failures`: what the decoder could not decode, recorded and skipped. */
@Index('decode_failures_mc_seqno_idx', ['mcSeqno'])
@Entity({ name: 'decode_failures' })
export class DecodeFailureEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint', name: 'id' })
  id!: string;

  @Column({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;

  /** `body` (a message body that does not parse), `classify` (a trace the classifier failed on). */
  @Column({ type: 'varchar', name: 'kind' })
  kind!: string;

  /** What failed: a transaction hash, a trace id. */
  @Column({ type: 'varchar', name: 'subject' })
  subject!: string;

  @Column({ type: 'text', name: 'error' })
  error!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
