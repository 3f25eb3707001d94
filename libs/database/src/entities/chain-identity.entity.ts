import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** Table `chain_identity` (migration ChainIdentity): the one chain the index holds. */
@Check('chain_identity_single_row_check', '"id" = 1')
@Entity({ name: 'chain_identity' })
export class ChainIdentityEntity {
  /** Always 1: one row per index. */
  @PrimaryColumn({ type: 'smallint', name: 'id', default: 1 })
  id!: number;

  /** Masterchain zero state root hash, base64. */
  @Column({ type: 'char', length: 44, name: 'zero_state_root_hash' })
  zeroStateRootHash!: string;

  @Column({ type: 'char', length: 44, name: 'zero_state_file_hash' })
  zeroStateFileHash!: string;

  /** Block header global_id; null until the first block is written. */
  @Column({ type: 'integer', name: 'global_id', nullable: true })
  globalId!: number | null;

  @Column({ type: 'timestamptz', name: 'recorded_at', default: () => 'now()' })
  recordedAt!: Date;
}
