import { Column, Entity, Index } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import { TokenEventColumns } from './token-event.columns';

/** Table `jetton_transfers` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): TEP-74 transfers on detected Jetton wallets. */
@Index('jetton_transfers_source_idx', ['source', 'txLt'])
@Index('jetton_transfers_destination_idx', ['destination', 'txLt'])
@Index('jetton_transfers_wallet_idx', ['jettonWalletAddress', 'txLt'])
@Index('jetton_transfers_master_idx', ['jettonMasterAddress', 'txLt'])
@Index('jetton_transfers_now_idx', ['txNow', 'txLt'])
@Entity({ name: 'jetton_transfers' })
export class JettonTransferEntity extends TokenEventColumns {
  @Column({ type: 'numeric', name: 'amount', transformer: bigintTransformer })
  amount!: bigint;

  @Column({ type: 'varchar', name: 'source', nullable: true })
  source!: string | null;

  @Column({ type: 'varchar', name: 'destination', nullable: true })
  destination!: string | null;

  @Column({ type: 'varchar', name: 'jetton_wallet_address' })
  jettonWalletAddress!: string;

  @Column({ type: 'varchar', name: 'jetton_master_address', nullable: true })
  jettonMasterAddress!: string | null;

  @Column({
    type: 'numeric',
    name: 'forward_ton_amount',
    nullable: true,
    transformer: bigintTransformer,
  })
  forwardTonAmount!: bigint | null;

  @Column({ type: 'text', name: 'forward_payload', nullable: true })
  forwardPayload!: string | null;
}
