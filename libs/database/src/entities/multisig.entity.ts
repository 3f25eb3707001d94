import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `multisig` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): multisig v2 wallets. The GIN indexes on the arrays come from the migration. */
@Index('multisig_signers_idx', { synchronize: false })
@Index('multisig_proposers_idx', { synchronize: false })
@Entity({ name: 'multisig' })
export class MultisigEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'numeric', name: 'next_order_seqno', transformer: bigintTransformer })
  nextOrderSeqno!: bigint;

  @Column({ type: 'bigint', name: 'threshold', transformer: bigintTransformer })
  threshold!: bigint;

  @Column({ type: 'varchar', array: true, name: 'signers' })
  signers!: string[];

  @Column({ type: 'varchar', array: true, name: 'proposers' })
  proposers!: string[];

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}
