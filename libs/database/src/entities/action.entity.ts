import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `actions` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): what a trace did, classified; toncenter's composite *_data columns are the jsonb `details`. */
@Index('actions_end_lt_idx', ['endLt'])
@Index('actions_action_id_idx', ['actionId'])
@Index('actions_trace_lt_idx', ['traceId', 'startLt', 'endLt'])
@Index('actions_trace_end_lt_idx', ['traceEndLt'])
@Index('actions_trace_mc_seqno_end_idx', ['traceMcSeqnoEnd'])
@Entity({ name: 'actions' })
export class ActionEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'trace_id' })
  traceId!: string;

  @PrimaryColumn({ type: 'char', length: 44, name: 'action_id' })
  actionId!: string;

  @Column({ type: 'bigint', name: 'start_lt', transformer: bigintTransformer })
  startLt!: bigint;

  @Column({ type: 'bigint', name: 'end_lt', transformer: bigintTransformer })
  endLt!: bigint;

  @Column({ type: 'integer', name: 'start_utime' })
  startUtime!: number;

  @Column({ type: 'integer', name: 'end_utime' })
  endUtime!: number;

  @Column({ type: 'varchar', name: 'source', nullable: true })
  source!: string | null;

  @Column({ type: 'varchar', name: 'source_secondary', nullable: true })
  sourceSecondary!: string | null;

  @Column({ type: 'varchar', name: 'destination', nullable: true })
  destination!: string | null;

  @Column({ type: 'varchar', name: 'destination_secondary', nullable: true })
  destinationSecondary!: string | null;

  @Column({ type: 'varchar', name: 'asset', nullable: true })
  asset!: string | null;

  @Column({ type: 'varchar', name: 'asset_secondary', nullable: true })
  assetSecondary!: string | null;

  @Column({ type: 'varchar', name: 'asset2', nullable: true })
  asset2!: string | null;

  @Column({ type: 'varchar', name: 'asset2_secondary', nullable: true })
  asset2Secondary!: string | null;

  @Column({ type: 'bigint', name: 'opcode', nullable: true, transformer: bigintTransformer })
  opcode!: bigint | null;

  @Column({ type: 'char', length: 44, array: true, name: 'tx_hashes' })
  txHashes!: string[];

  @Column({ type: 'varchar', name: 'type' })
  type!: string;

  @Column({ type: 'numeric', name: 'value', nullable: true, transformer: bigintTransformer })
  value!: bigint | null;

  @Column({ type: 'numeric', name: 'amount', nullable: true, transformer: bigintTransformer })
  amount!: bigint | null;

  @Column({ type: 'boolean', name: 'success', nullable: true })
  success!: boolean | null;

  /** The partition key (migration PartitionTraceHistory), hence part of the primary key. */
  @PrimaryColumn({ type: 'bigint', name: 'trace_end_lt', transformer: bigintTransformer })
  traceEndLt!: bigint;

  @Column({ type: 'integer', name: 'trace_end_utime' })
  traceEndUtime!: number;

  @Column({ type: 'char', length: 44, name: 'trace_external_hash', nullable: true })
  traceExternalHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'trace_external_hash_norm', nullable: true })
  traceExternalHashNorm!: string | null;

  @Column({ type: 'integer', name: 'mc_seqno_end' })
  mcSeqnoEnd!: number;

  @Column({ type: 'integer', name: 'trace_mc_seqno_end' })
  traceMcSeqnoEnd!: number;

  @Column({ type: 'char', length: 44, name: 'parent_action_id', nullable: true })
  parentActionId!: string | null;

  @Column({ type: 'varchar', array: true, name: 'ancestor_type', default: '{}' })
  ancestorType!: string[];

  @Column({ type: 'jsonb', name: 'value_extra_currencies', nullable: true })
  valueExtraCurrencies!: Record<string, string> | null;

  @Column({ type: 'jsonb', name: 'details', default: () => "'{}'" })
  details!: Record<string, unknown>;
}
