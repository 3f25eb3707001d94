import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/**
 * Table `multisig_orders`
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * orders of multisig v2 wallets. The order fields are null while the order is not initialised. The
 * GIN index on `signers` comes from the migration.
 */
@Index('multisig_orders_multisig_idx', ['multisigAddress'])
@Index('multisig_orders_signers_idx', { synchronize: false })
@Entity({ name: 'multisig_orders' })
export class MultisigOrderEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'varchar', name: 'multisig_address' })
  multisigAddress!: string;

  @Column({ type: 'numeric', name: 'order_seqno', transformer: bigintTransformer })
  orderSeqno!: bigint;

  @Column({ type: 'bigint', name: 'threshold', nullable: true, transformer: bigintTransformer })
  threshold!: bigint | null;

  @Column({ type: 'boolean', name: 'sent_for_execution', nullable: true })
  sentForExecution!: boolean | null;

  @Column({
    type: 'numeric',
    name: 'approvals_mask',
    nullable: true,
    transformer: bigintTransformer,
  })
  approvalsMask!: bigint | null;

  @Column({ type: 'bigint', name: 'approvals_num', nullable: true, transformer: bigintTransformer })
  approvalsNum!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'expiration_date',
    nullable: true,
    transformer: bigintTransformer,
  })
  expirationDate!: bigint | null;

  @Column({ type: 'text', name: 'order_boc', nullable: true })
  orderBoc!: string | null;

  @Column({ type: 'varchar', array: true, name: 'signers', nullable: true })
  signers!: string[] | null;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}

/** An order's data (get_order_data) as the table keeps it: what both its readers read of it. */
export const MULTISIG_ORDER_DATA_KEYS = [
  'address',
  'multisigAddress',
  'orderSeqno',
  'threshold',
  'sentForExecution',
  'approvalsMask',
  'approvalsNum',
  'expirationDate',
  'orderBoc',
  'signers',
] as const satisfies readonly (keyof MultisigOrderEntity)[];
