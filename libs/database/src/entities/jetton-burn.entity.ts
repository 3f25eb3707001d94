import { Column, Entity, Index } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import { TokenEventColumns } from './token-event.columns';

/** Table `jetton_burns` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): TEP-74 burns, aborted ones included as toncenter does. */
@Index('jetton_burns_owner_idx', ['owner', 'txLt'])
@Index('jetton_burns_wallet_idx', ['jettonWalletAddress', 'txLt'])
@Index('jetton_burns_master_idx', ['jettonMasterAddress', 'txLt'])
@Entity({ name: 'jetton_burns' })
export class JettonBurnEntity extends TokenEventColumns {
  @Column({ type: 'varchar', name: 'owner', nullable: true })
  owner!: string | null;

  @Column({ type: 'varchar', name: 'jetton_wallet_address' })
  jettonWalletAddress!: string;

  @Column({ type: 'varchar', name: 'jetton_master_address', nullable: true })
  jettonMasterAddress!: string | null;

  @Column({ type: 'numeric', name: 'amount', transformer: bigintTransformer })
  amount!: bigint;
}
