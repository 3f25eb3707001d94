import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `ingest_quarantine`: blocks that failed to parse or write, kept with the error instead of retried forever. */
@Entity({ name: 'ingest_quarantine' })
export class IngestQuarantineEntity {
  @PrimaryColumn({ type: 'integer', name: 'workchain' })
  workchain!: number;

  @PrimaryColumn({ type: 'bigint', name: 'shard', transformer: bigintTransformer })
  shard!: bigint;

  @PrimaryColumn({ type: 'integer', name: 'seqno' })
  seqno!: number;

  @Column({ type: 'char', length: 44, name: 'root_hash' })
  rootHash!: string;

  @Column({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;

  @Column({ type: 'text', name: 'error' })
  error!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
