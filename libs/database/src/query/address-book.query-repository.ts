import { type DataSource } from 'typeorm';
import { type ContractInterfacesEntity } from '../entities/contract-interfaces.entity';
import { type LatestAccountStateEntity } from '../entities/latest-account-state.entity';
import { type LeftJoined, type QueryRow } from '../entities/query-row';

/** What the address book needs of an account: its code hash and detected interfaces. */
export type AddressBookSourceRow = QueryRow<LatestAccountStateEntity, 'account' | 'codeHash'> &
  LeftJoined<QueryRow<ContractInterfacesEntity, 'interfaces'>>;

/** The rows behind `address_book` (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml), one batched query for all addresses. */
export class AddressBookQueryRepository {
  constructor(private readonly ds: DataSource) {}

  rows(accounts: readonly string[]): Promise<AddressBookSourceRow[]> {
    if (accounts.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<AddressBookSourceRow[]>(
      `SELECT L.account, L.code_hash, CI.interfaces::text[] AS interfaces
       FROM latest_account_states L
       LEFT JOIN contract_interfaces CI ON CI.code_hash = L.code_hash
       WHERE L.account = ANY($1::varchar[])`,
      [accounts],
    );
  }

  /**
   * Self-resolving domains of the accounts
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): a DNS item
   * whose wallet record points at its owner; the shortest domain wins.
   */
  domains(accounts: readonly string[]): Promise<{ account: string; domain: string }[]> {
    if (accounts.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query(
      `SELECT DISTINCT ON (nft_item_owner) nft_item_owner AS account, domain FROM dns_entries
       WHERE nft_item_owner = ANY($1::varchar[]) AND nft_item_owner = dns_wallet AND domain IS NOT NULL
       ORDER BY nft_item_owner, length(domain), domain`,
      [accounts],
    );
  }

  /**
   * Where the ingestor and the decoder are (their indexer_cursor rows, which commit with the rows
   * they write): the address book's sources change only when this does.
   */
  async epoch(): Promise<string> {
    const [row] = await this.ds.query<{ epoch: string | null }[]>(
      `SELECT string_agg(name || '=' || mc_seqno || '@' || updated_at, ',' ORDER BY name) AS epoch
       FROM indexer_cursor WHERE name IN ('masterchain', 'decoder')`,
    );
    return row?.epoch ?? '';
  }
}
