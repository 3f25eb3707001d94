import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { ApiPlanEntity } from './api-plan.entity';

/**
 * Table `api_keys` (migration ApiKeys): one row per issued key. Only the SHA-256 of the secret is
 * stored; `id` is what logs show.
 */
@Unique('api_keys_key_hash_key', ['keyHash'])
@Index('api_keys_plan_id_idx', ['planId'])
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer', name: 'id' })
  id!: number;

  /** Lower-case hex SHA-256 of the key. */
  @Column({ type: 'char', length: 64, name: 'key_hash' })
  keyHash!: string;

  @Column({ type: 'integer', name: 'plan_id' })
  planId!: number;

  @ManyToOne(() => ApiPlanEntity, { nullable: false })
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'api_keys_plan_id_fkey' })
  plan?: ApiPlanEntity;

  @Column({ type: 'varchar', length: 200, name: 'label', nullable: true })
  label!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
