import { Column, Entity, Index } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import { BlockIdColumns } from './block-id.columns';
import { type BlockRefJson } from './block-ref.json';

/** Table `blocks` (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): one row per masterchain or shard block. */
@Index('blocks_gen_utime_idx', ['genUtime'])
@Index('blocks_mc_block_seqno_idx', ['mcBlockSeqno'])
@Index('blocks_mc_seqno_idx', ['seqno'], { where: '"workchain" = -1' })
@Index('blocks_start_lt_idx', ['startLt'])
@Index('blocks_root_hash_idx', ['rootHash'])
@Index('blocks_file_hash_idx', ['fileHash'])
@Entity({ name: 'blocks' })
export class BlockEntity extends BlockIdColumns {
  @Column({ type: 'char', length: 44, name: 'root_hash' })
  rootHash!: string;

  @Column({ type: 'char', length: 44, name: 'file_hash' })
  fileHash!: string;

  @Column({ type: 'integer', name: 'mc_block_workchain', nullable: true })
  mcBlockWorkchain!: number | null;

  @Column({
    type: 'bigint',
    name: 'mc_block_shard',
    nullable: true,
    transformer: bigintTransformer,
  })
  mcBlockShard!: bigint | null;

  @Column({ type: 'integer', name: 'mc_block_seqno', nullable: true })
  mcBlockSeqno!: number | null;

  @Column({ type: 'integer', name: 'global_id' })
  globalId!: number;

  @Column({ type: 'bigint', name: 'version', transformer: bigintTransformer })
  version!: bigint;

  @Column({ type: 'boolean', name: 'after_merge' })
  afterMerge!: boolean;

  @Column({ type: 'boolean', name: 'before_split' })
  beforeSplit!: boolean;

  @Column({ type: 'boolean', name: 'after_split' })
  afterSplit!: boolean;

  @Column({ type: 'boolean', name: 'want_merge' })
  wantMerge!: boolean;

  @Column({ type: 'boolean', name: 'want_split' })
  wantSplit!: boolean;

  @Column({ type: 'boolean', name: 'key_block' })
  keyBlock!: boolean;

  @Column({ type: 'boolean', name: 'vert_seqno_incr' })
  vertSeqnoIncr!: boolean;

  @Column({ type: 'integer', name: 'flags' })
  flags!: number;

  @Column({ type: 'bigint', name: 'gen_utime', transformer: bigintTransformer })
  genUtime!: bigint;

  @Column({ type: 'bigint', name: 'start_lt', transformer: bigintTransformer })
  startLt!: bigint;

  @Column({ type: 'bigint', name: 'end_lt', transformer: bigintTransformer })
  endLt!: bigint;

  @Column({ type: 'bigint', name: 'validator_list_hash_short', transformer: bigintTransformer })
  validatorListHashShort!: bigint;

  @Column({ type: 'bigint', name: 'gen_catchain_seqno', transformer: bigintTransformer })
  genCatchainSeqno!: bigint;

  @Column({ type: 'integer', name: 'min_ref_mc_seqno' })
  minRefMcSeqno!: number;

  @Column({ type: 'integer', name: 'prev_key_block_seqno' })
  prevKeyBlockSeqno!: number;

  @Column({ type: 'integer', name: 'vert_seqno' })
  vertSeqno!: number;

  @Column({ type: 'integer', name: 'master_ref_seqno', nullable: true })
  masterRefSeqno!: number | null;

  @Column({ type: 'char', length: 44, name: 'rand_seed' })
  randSeed!: string;

  @Column({ type: 'char', length: 44, name: 'created_by' })
  createdBy!: string;

  @Column({ type: 'integer', name: 'tx_count' })
  txCount!: number;

  @Column({ type: 'jsonb', name: 'prev_blocks' })
  prevBlocks!: BlockRefJson[];
}
