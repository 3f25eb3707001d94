import {
  type AccountStatesReq,
  type DnsRecordsReq,
  type MultisigOrdersReq,
  type MultisigWalletsReq,
  type TopAccountsReq,
  type VestingReq,
} from '@app/contracts';
import { type DataSource } from 'typeorm';
import { type LatestAccountStateEntity } from '../entities/latest-account-state.entity';
import { type QueryRow } from '../entities/query-row';
import {
  ACCOUNT_STATE_COLUMNS,
  type AccountStateQueryRow,
  DNS_ENTRY_COLUMNS,
  type DnsEntryQueryRow,
  MULTISIG_COLUMNS,
  MULTISIG_ORDER_COLUMNS,
  type MultisigOrderQueryRow,
  type MultisigQueryRow,
  VESTING_COLUMNS,
  type VestingQueryRow,
} from './account-query.rows';
import { dir, SqlFilter } from './sql-filter';

export type {
  AccountStateQueryRow,
  DnsEntryQueryRow,
  MultisigOrderQueryRow,
  MultisigQueryRow,
  VestingQueryRow,
} from './account-query.rows';

/** Reads of the v3 account, DNS, multisig and vesting endpoints (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export class AccountQueryRepository {
  constructor(private readonly ds: DataSource) {}

  /** accountStates/walletStates (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): unordered upstream, by account here; hard limit 1000. */
  accountStates(
    f: Pick<AccountStatesReq, 'address' | 'code_hash'>,
  ): Promise<AccountStateQueryRow[]> {
    const q = new SqlFilter();
    q.and(`L.account = ANY(${q.param(f.address)}::varchar[])`);
    if (f.code_hash !== undefined) {
      q.and(`L.code_hash = ANY(${q.param(f.code_hash)}::char(44)[])`);
    }
    return this.ds.query<AccountStateQueryRow[]>(
      // interfaces is an array of an enum, which node-postgres hands over parsed only as text[].
      `SELECT ${ACCOUNT_STATE_COLUMNS}, CI.interfaces::text[] AS interfaces
       FROM latest_account_states L
       LEFT JOIN contract_interfaces CI ON CI.code_hash = L.code_hash${q.where()}
       ORDER BY L.account LIMIT 1000`,
      q.params,
    );
  }

  /** topAccountsByBalance (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): balance desc, the account breaking ties. */
  topByBalance(
    p: TopAccountsReq,
  ): Promise<QueryRow<LatestAccountStateEntity, 'account' | 'balance'>[]> {
    return this.ds.query(
      `SELECT account, balance::text FROM latest_account_states
       ORDER BY balance DESC, account ASC LIMIT $1 OFFSET $2`,
      [p.limit, p.offset],
    );
  }

  /** dns/records (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): by wallet or domain, ordered by length(domain), domain. */
  dnsRecords(
    f: Pick<DnsRecordsReq, 'wallet' | 'domain' | 'limit' | 'offset'>,
  ): Promise<DnsEntryQueryRow[]> {
    const q = new SqlFilter();
    if (f.wallet !== undefined) {
      q.and(`dns_wallet = ${q.param(f.wallet)}`);
    }
    if (f.domain !== undefined) {
      q.and(`domain = ${q.param(f.domain)}`);
    }
    return this.ds.query<DnsEntryQueryRow[]>(
      `SELECT ${DNS_ENTRY_COLUMNS} FROM dns_entries${q.where()} ORDER BY length(domain), domain, nft_item_address${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** multisig/wallets (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): `wallet` matches signers or proposers; ordered by id. */
  multisigs(
    f: Pick<MultisigWalletsReq, 'address' | 'wallet_address' | 'sort' | 'limit' | 'offset'>,
  ): Promise<MultisigQueryRow[]> {
    const q = new SqlFilter();
    if (f.address !== undefined) {
      q.and(`address = ANY(${q.param(f.address)}::varchar[])`);
    }
    if (f.wallet_address !== undefined) {
      const p = q.param(f.wallet_address);
      q.and(`(signers && ${p}::varchar[] OR proposers && ${p}::varchar[])`);
    }
    return this.ds.query<MultisigQueryRow[]>(
      `SELECT ${MULTISIG_COLUMNS} FROM multisig${q.where()} ORDER BY id ${dir(f.sort)}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** multisig/orders (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): ordered by id. */
  multisigOrders(
    f: Pick<MultisigOrdersReq, 'address' | 'multisig_address' | 'sort' | 'limit' | 'offset'>,
  ): Promise<MultisigOrderQueryRow[]> {
    const q = new SqlFilter();
    if (f.address !== undefined) {
      q.and(`address = ANY(${q.param(f.address)}::varchar[])`);
    }
    if (f.multisig_address !== undefined) {
      q.and(`multisig_address = ANY(${q.param(f.multisig_address)}::varchar[])`);
    }
    return this.ds.query<MultisigOrderQueryRow[]>(
      `SELECT ${MULTISIG_ORDER_COLUMNS} FROM multisig_orders${q.where()} ORDER BY id ${dir(f.sort)}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** The orders of the given multisigs, by id. */
  ordersOf(multisigs: readonly string[]): Promise<MultisigOrderQueryRow[]> {
    if (multisigs.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<MultisigOrderQueryRow[]>(
      `SELECT ${MULTISIG_ORDER_COLUMNS} FROM multisig_orders WHERE multisig_address = ANY($1::varchar[]) ORDER BY id`,
      [multisigs],
    );
  }

  /**
   * vesting (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): by
   * contract, or by wallet (owner or sender; with `check_whitelist` also a
   * whitelisted wallet); ordered by id; the whitelist of each contract aggregated.
   */
  vesting(
    f: Pick<
      VestingReq,
      'contract_address' | 'wallet_address' | 'check_whitelist' | 'limit' | 'offset'
    >,
  ): Promise<VestingQueryRow[]> {
    const q = new SqlFilter();
    if (f.contract_address !== undefined) {
      q.and(`V.address = ANY(${q.param(f.contract_address)}::varchar[])`);
    }
    if (f.wallet_address !== undefined) {
      const p = q.param(f.wallet_address);
      // One branch per role, each served by its own index (owner, sender, whitelist); an OR with an
      // EXISTS in one WHERE cannot use them and scans the table.
      const whitelisted = f.check_whitelist
        ? ` UNION SELECT W2.vesting_contract_address FROM vesting_whitelist W2
              WHERE W2.wallet_address = ANY(${p}::varchar[])`
        : '';
      q.and(
        `V.address IN (SELECT V1.address FROM vesting_contracts V1 WHERE V1.owner_address = ANY(${p}::varchar[])
           UNION SELECT V2.address FROM vesting_contracts V2 WHERE V2.vesting_sender_address = ANY(${p}::varchar[])${whitelisted})`,
      );
    }
    return this.ds.query<VestingQueryRow[]>(
      `SELECT ${VESTING_COLUMNS},
         coalesce((SELECT array_agg(W.wallet_address::text ORDER BY W.wallet_address)
                   FROM vesting_whitelist W WHERE W.vesting_contract_address = V.address),
                  '{}'::text[]) AS whitelist
       FROM vesting_contracts V${q.where()} ORDER BY V.id ASC${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }
}
