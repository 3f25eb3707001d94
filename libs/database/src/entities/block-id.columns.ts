import { PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/**
 * A block's id as the tables keyed by it store it, columns of their primary key: workchain, shard
 * (the signed int64 of its shard prefix) and seqno, as ton-indexer's `blocks` does
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp).
 */
export abstract class BlockIdColumns {
  @PrimaryColumn({ type: 'integer', name: 'workchain' })
  workchain!: number;

  @PrimaryColumn({ type: 'bigint', name: 'shard', transformer: bigintTransformer })
  shard!: bigint;

  @PrimaryColumn({ type: 'integer', name: 'seqno' })
  seqno!: number;
}
