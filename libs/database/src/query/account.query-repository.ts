import { type DataSource } from 'typeorm';
import { dir, SqlFilter } from './sql-filter';

/** A `latest_account_states` row with the detected interfaces of its code. */
export interface AccountStateQueryRow {
  account: string;
  hash: string;
  balance: string;
  balance_extra_currencies: Record<string, string> | null;
  account_status: 'uninit' | 'frozen' | 'active' | 'nonexist';
  last_trans_hash: string;
  last_trans_lt: string;
  frozen_hash: string | null;
  data_hash: string | null;
  code_hash: string | null;
  data_boc: string | null;
  code_boc: string | null;
  interfaces: string[] | null;
}

export interface DnsEntryQueryRow {
  nft_item_address: string;
  nft_item_owner: string | null;
  domain: string | null;
  dns_next_resolver: string | null;
  dns_wallet: string | null;
  dns_site_adnl: string | null;
  dns_storage_bag_id: string | null;
}

export interface MultisigQueryRow {
  address: string;
  next_order_seqno: string;
  threshold: string;
  signers: string[];
  proposers: string[];
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

export interface MultisigOrderQueryRow {
  address: string;
  multisig_address: string;
  order_seqno: string;
  threshold: string | null;
  sent_for_execution: boolean | null;
  approvals_mask: string | null;
  approvals_num: string | null;
  expiration_date: string | null;
  order_boc: string | null;
  signers: string[] | null;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

export interface VestingQueryRow {
  address: string;
  vesting_start_time: string;
  vesting_total_duration: string;
  unlock_period: string;
  cliff_duration: string;
  vesting_total_amount: string;
  vesting_sender_address: string | null;
  owner_address: string | null;
  whitelist: string[];
}

interface Page {
  limit: number;
  offset: number;
}

const ORDER = `address, id, multisig_address, order_seqno::text, threshold::text, sent_for_execution,
  approvals_mask::text, approvals_num::text, expiration_date::text, order_boc, signers::text[],
  last_transaction_lt::text, code_hash, data_hash`;

/** Reads of the v3 account, DNS, multisig and vesting endpoints (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export class AccountQueryRepository {
  constructor(private readonly ds: DataSource) {}

  /** accountStates/walletStates (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): unordered upstream, by account here; hard limit 1000. */
  accountStates(
    addresses: readonly string[],
    codeHashes?: readonly string[],
  ): Promise<AccountStateQueryRow[]> {
    const q = new SqlFilter();
    q.and(`L.account = ANY(${q.param(addresses)}::varchar[])`);
    if (codeHashes !== undefined) {
      q.and(`L.code_hash = ANY(${q.param(codeHashes)}::char(44)[])`);
    }
    return this.ds.query<AccountStateQueryRow[]>(
      `SELECT L.account, L.hash, L.balance::text, L.balance_extra_currencies, L.account_status,
         L.last_trans_hash, L.last_trans_lt::text, L.frozen_hash, L.data_hash, L.code_hash,
         L.data_boc, L.code_boc, CI.interfaces::text[] AS interfaces
       FROM latest_account_states L
       LEFT JOIN contract_interfaces CI ON CI.code_hash = L.code_hash${q.where()}
       ORDER BY L.account LIMIT 1000`,
      q.params,
    );
  }

  /** topAccountsByBalance (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): balance desc, the account breaking ties. */
  topByBalance(p: Page): Promise<{ account: string; balance: string }[]> {
    return this.ds.query(
      `SELECT account, balance::text FROM latest_account_states
       ORDER BY balance DESC, account ASC LIMIT $1 OFFSET $2`,
      [p.limit, p.offset],
    );
  }

  /** dns/records (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): by wallet or domain, ordered by length(domain), domain. */
  dnsRecords(
    f: Page & { wallet?: string | undefined; domain?: string | undefined },
  ): Promise<DnsEntryQueryRow[]> {
    const q = new SqlFilter();
    if (f.wallet !== undefined) {
      q.and(`dns_wallet = ${q.param(f.wallet)}`);
    }
    if (f.domain !== undefined) {
      q.and(`domain = ${q.param(f.domain)}`);
    }
    return this.ds.query<DnsEntryQueryRow[]>(
      `SELECT nft_item_address, nft_item_owner, domain, dns_next_resolver, dns_wallet, dns_site_adnl,
         dns_storage_bag_id
       FROM dns_entries${q.where()} ORDER BY length(domain), domain, nft_item_address${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** multisig/wallets (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): `wallet` matches signers or proposers; ordered by id. */
  multisigs(
    f: Page & {
      address?: string[] | undefined;
      wallet?: string[] | undefined;
      sort: 'asc' | 'desc';
    },
  ): Promise<MultisigQueryRow[]> {
    const q = new SqlFilter();
    if (f.address !== undefined) {
      q.and(`address = ANY(${q.param(f.address)}::varchar[])`);
    }
    if (f.wallet !== undefined) {
      const p = q.param(f.wallet);
      q.and(`(signers && ${p}::varchar[] OR proposers && ${p}::varchar[])`);
    }
    return this.ds.query<MultisigQueryRow[]>(
      `SELECT address, next_order_seqno::text, threshold::text, signers::text[], proposers::text[],
         last_transaction_lt::text, code_hash, data_hash
       FROM multisig${q.where()} ORDER BY id ${dir(f.sort)}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** multisig/orders (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): ordered by id. */
  multisigOrders(
    f: Page & {
      address?: string[] | undefined;
      multisig?: string[] | undefined;
      sort: 'asc' | 'desc';
    },
  ): Promise<MultisigOrderQueryRow[]> {
    const q = new SqlFilter();
    if (f.address !== undefined) {
      q.and(`address = ANY(${q.param(f.address)}::varchar[])`);
    }
    if (f.multisig !== undefined) {
      q.and(`multisig_address = ANY(${q.param(f.multisig)}::varchar[])`);
    }
    return this.ds.query<MultisigOrderQueryRow[]>(
      `SELECT ${ORDER} FROM multisig_orders${q.where()} ORDER BY id ${dir(f.sort)}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** The orders of the given multisigs, by id. */
  ordersOf(multisigs: readonly string[]): Promise<MultisigOrderQueryRow[]> {
    if (multisigs.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<MultisigOrderQueryRow[]>(
      `SELECT ${ORDER} FROM multisig_orders WHERE multisig_address = ANY($1::varchar[]) ORDER BY id`,
      [multisigs],
    );
  }

  /**
   * vesting (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): by
   * contract, or by wallet (owner or sender; with `checkWhitelist` also a
   * whitelisted wallet); ordered by id; the whitelist of each contract aggregated.
   */
  vesting(
    f: Page & {
      contract?: string[] | undefined;
      wallet?: string[] | undefined;
      checkWhitelist: boolean;
    },
  ): Promise<VestingQueryRow[]> {
    const q = new SqlFilter();
    if (f.contract !== undefined) {
      q.and(`V.address = ANY(${q.param(f.contract)}::varchar[])`);
    }
    if (f.wallet !== undefined) {
      const p = q.param(f.wallet);
      // One branch per role, each served by its own index (owner, sender, whitelist); an OR with an
      // EXISTS in one WHERE cannot use them and scans the table.
      const whitelisted = f.checkWhitelist
        ? ` UNION SELECT W2.vesting_contract_address FROM vesting_whitelist W2
              WHERE W2.wallet_address = ANY(${p}::varchar[])`
        : '';
      q.and(
        `V.address IN (SELECT V1.address FROM vesting_contracts V1 WHERE V1.owner_address = ANY(${p}::varchar[])
           UNION SELECT V2.address FROM vesting_contracts V2 WHERE V2.vesting_sender_address = ANY(${p}::varchar[])${whitelisted})`,
      );
    }
    return this.ds.query<VestingQueryRow[]>(
      `SELECT V.address, V.vesting_start_time::text, V.vesting_total_duration::text,
         V.unlock_period::text, V.cliff_duration::text, V.vesting_total_amount::text,
         V.vesting_sender_address, V.owner_address,
         coalesce((SELECT array_agg(W.wallet_address::text ORDER BY W.wallet_address)
                   FROM vesting_whitelist W WHERE W.vesting_contract_address = V.address),
                  '{}'::text[]) AS whitelist
       FROM vesting_contracts V${q.where()} ORDER BY V.id ASC${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }
}
