import { Entity, PrimaryColumn } from 'typeorm';
import { BlockIdColumns } from './block-id.columns';

/**
 * Table `shard_state` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): the shard tops (and the masterchain block itself) each masterchain block commits.
 * Its primary key is (mc_seqno, workchain, shard, seqno): the committing block's seqno, then the
 * committed block's id.
 */
@Entity({ name: 'shard_state' })
export class ShardStateEntity extends BlockIdColumns {
  @PrimaryColumn({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;
}
