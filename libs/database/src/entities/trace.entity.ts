import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import {
  type ClassificationState,
  ClassificationStateValues,
  type TraceState,
  TraceStateValues,
} from './chain-enums';

/** Table `traces` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): transactions linked by messages; trace_id is the root transaction hash. */
@Index('traces_state_idx', ['state'])
@Index('traces_mc_seqno_end_idx', ['mcSeqnoEnd'])
@Index('traces_end_lt_idx', ['endLt', 'traceId'])
@Index('traces_end_utime_idx', ['endUtime', 'traceId'])
@Index('traces_external_hash_idx', ['externalHash'])
@Index('traces_unclassified_idx', ['mcSeqnoEnd'], {
  where: `"classification_state" = 'unclassified'`,
})
@Entity({ name: 'traces' })
export class TraceEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'trace_id' })
  traceId!: string;

  @Column({ type: 'char', length: 44, name: 'external_hash', nullable: true })
  externalHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'external_hash_norm', nullable: true })
  externalHashNorm!: string | null;

  @Column({ type: 'integer', name: 'mc_seqno_start' })
  mcSeqnoStart!: number;

  @Column({ type: 'integer', name: 'mc_seqno_end' })
  mcSeqnoEnd!: number;

  @Column({ type: 'bigint', name: 'start_lt', transformer: bigintTransformer })
  startLt!: bigint;

  @Column({ type: 'integer', name: 'start_utime' })
  startUtime!: number;

  @Column({ type: 'bigint', name: 'end_lt', transformer: bigintTransformer })
  endLt!: bigint;

  @Column({ type: 'integer', name: 'end_utime' })
  endUtime!: number;

  @Column({ type: 'enum', enum: TraceStateValues, enumName: 'trace_state', name: 'state' })
  state!: TraceState;

  // ton-indexer's trailing underscores kept in the property too, so that its column name is still
  // the property in snake_case (ColumnName) and query rows derive from it.
  @Column({ type: 'bigint', name: 'pending_edges_', transformer: bigintTransformer })
  pendingEdges_!: bigint;

  @Column({ type: 'bigint', name: 'edges_', transformer: bigintTransformer })
  edges_!: bigint;

  @Column({ type: 'bigint', name: 'nodes_', transformer: bigintTransformer })
  nodes_!: bigint;

  @Column({
    type: 'enum',
    enum: ClassificationStateValues,
    enumName: 'trace_classification_state',
    name: 'classification_state',
    default: 'unclassified',
  })
  classificationState!: ClassificationState;
}
