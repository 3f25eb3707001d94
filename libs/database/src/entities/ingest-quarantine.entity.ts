import { Column, Entity } from 'typeorm';
import { BlockIdColumns } from './block-id.columns';

/** Table `ingest_quarantine`: blocks that failed to parse or write, kept with the error instead of retried forever. */
@Entity({ name: 'ingest_quarantine' })
export class IngestQuarantineEntity extends BlockIdColumns {
  @Column({ type: 'char', length: 44, name: 'root_hash' })
  rootHash!: string;

  @Column({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;

  @Column({ type: 'text', name: 'error' })
  error!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
