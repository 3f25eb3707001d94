import { Entity, Index, PrimaryColumn } from 'typeorm';

/** Table `vesting_whitelist` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): the destinations a vesting wallet may send locked funds to. */
@Index('vesting_whitelist_wallet_idx', ['walletAddress'])
@Entity({ name: 'vesting_whitelist' })
export class VestingWhitelistEntity {
  @PrimaryColumn({ type: 'varchar', name: 'vesting_contract_address' })
  vestingContractAddress!: string;

  @PrimaryColumn({ type: 'varchar', name: 'wallet_address' })
  walletAddress!: string;
}
