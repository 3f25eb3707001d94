import { Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `shard_state` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): the shard tops (and the masterchain block itself) each masterchain block commits. */
@Entity({ name: 'shard_state' })
export class ShardStateEntity {
  @PrimaryColumn({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;

  @PrimaryColumn({ type: 'integer', name: 'workchain' })
  workchain!: number;

  @PrimaryColumn({ type: 'bigint', name: 'shard', transformer: bigintTransformer })
  shard!: bigint;

  @PrimaryColumn({ type: 'integer', name: 'seqno' })
  seqno!: number;
}
