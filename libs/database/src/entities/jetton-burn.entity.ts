import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `jetton_burns` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): TEP-74 burns, aborted ones included as toncenter does. */
@Index('jetton_burns_owner_idx', ['owner', 'txLt'])
@Index('jetton_burns_wallet_idx', ['jettonWalletAddress', 'txLt'])
@Index('jetton_burns_master_idx', ['jettonMasterAddress', 'txLt'])
@Entity({ name: 'jetton_burns' })
export class JettonBurnEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'tx_hash' })
  txHash!: string;

  @PrimaryColumn({ type: 'bigint', name: 'tx_lt', transformer: bigintTransformer })
  txLt!: bigint;

  @Column({ type: 'integer', name: 'tx_now' })
  txNow!: number;

  @Column({ type: 'boolean', name: 'tx_aborted' })
  txAborted!: boolean;

  @Column({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;

  @Column({ type: 'numeric', name: 'query_id', transformer: bigintTransformer })
  queryId!: bigint;

  @Column({ type: 'varchar', name: 'owner', nullable: true })
  owner!: string | null;

  @Column({ type: 'varchar', name: 'jetton_wallet_address' })
  jettonWalletAddress!: string;

  @Column({ type: 'varchar', name: 'jetton_master_address', nullable: true })
  jettonMasterAddress!: string | null;

  @Column({ type: 'numeric', name: 'amount', transformer: bigintTransformer })
  amount!: bigint;

  @Column({ type: 'varchar', name: 'response_destination', nullable: true })
  responseDestination!: string | null;

  @Column({ type: 'text', name: 'custom_payload', nullable: true })
  customPayload!: string | null;

  @Column({ type: 'char', length: 44, name: 'trace_id', nullable: true })
  traceId!: string | null;
}
