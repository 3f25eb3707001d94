import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/**
 * Table `dns_entries`
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * a DNS item's domain and its TEP-81 records. Its two indexes are on `length(domain)` (expressions
 * TypeORM cannot describe), so they are created by the migration and left alone by schema synchronisation.
 */
@Index('dns_entries_wallet_idx', { synchronize: false })
@Index('dns_entries_owner_idx', { synchronize: false })
@Entity({ name: 'dns_entries' })
export class DnsEntryEntity {
  @PrimaryColumn({ type: 'varchar', name: 'nft_item_address' })
  nftItemAddress!: string;

  @Column({ type: 'varchar', name: 'nft_item_owner', nullable: true })
  nftItemOwner!: string | null;

  @Column({ type: 'varchar', name: 'domain', nullable: true })
  domain!: string | null;

  @Column({ type: 'varchar', name: 'dns_next_resolver', nullable: true })
  dnsNextResolver!: string | null;

  @Column({ type: 'varchar', name: 'dns_wallet', nullable: true })
  dnsWallet!: string | null;

  @Column({ type: 'varchar', length: 64, name: 'dns_site_adnl', nullable: true })
  dnsSiteAdnl!: string | null;

  @Column({ type: 'varchar', length: 64, name: 'dns_storage_bag_id', nullable: true })
  dnsStorageBagId!: string | null;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;
}
