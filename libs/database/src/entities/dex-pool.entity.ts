import { Check, Column, Entity, Generated, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/**
 * Table `dex_pools` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * DeDust pools and their assets, which DeDust swap classification reads (migration DexPools). The
 * numbered columns keep toncenter's names, in their properties as in their columns.
 */
@Entity({ name: 'dex_pools' })
@Check('dex_pools_pool_type_check', `"pool_type" IN ('stable', 'volatile')`)
export class DexPoolEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  /** The exchange: 'dedust'. */
  @Column({ type: 'varchar', name: 'dex' })
  dex!: string;

  /** A jetton master; null is TON. */
  @Column({ type: 'varchar', name: 'asset_1', nullable: true })
  asset_1!: string | null;

  @Column({ type: 'varchar', name: 'asset_2', nullable: true })
  asset_2!: string | null;

  @Column({ type: 'numeric', name: 'reserve_1', transformer: bigintTransformer })
  reserve_1!: bigint;

  @Column({ type: 'numeric', name: 'reserve_2', transformer: bigintTransformer })
  reserve_2!: bigint;

  /** The pool's curve (the migration's dex_pools_pool_type_check). */
  @Column({ type: 'varchar', name: 'pool_type' })
  poolType!: 'stable' | 'volatile';

  /** The trade fee as a fraction of the amount in (get_trade_fee numerator / denominator). */
  @Column({ type: 'double precision', name: 'fee' })
  fee!: number;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}
