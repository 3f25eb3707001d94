import { type EntityManager } from 'typeorm';
import { type BulkColumn, dec, insertUnnest } from '../repositories/unnest-insert';

export interface DnsEntryRow {
  readonly address: string;
  readonly owner: string | null;
  readonly domain: string;
  readonly nextResolver: string | null;
  readonly wallet: string | null;
  readonly siteAdnl: string | null;
  readonly storageBagId: string | null;
  readonly lastLt: bigint;
}
export interface MultisigRow {
  readonly address: string;
  readonly nextOrderSeqno: bigint;
  readonly threshold: bigint;
  readonly signers: readonly string[];
  readonly proposers: readonly string[];
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  readonly dataHash: string | null;
}
export interface MultisigOrderRow {
  readonly address: string;
  readonly multisig: string;
  readonly orderSeqno: bigint;
  readonly threshold: bigint | null;
  readonly sentForExecution: boolean | null;
  readonly approvalsMask: bigint | null;
  readonly approvalsNum: bigint | null;
  readonly expirationDate: bigint | null;
  readonly orderBoc: string | null;
  readonly signers: readonly string[] | null;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  readonly dataHash: string | null;
}
export interface VestingRow {
  readonly address: string;
  readonly startTime: bigint;
  readonly totalDuration: bigint;
  readonly unlockPeriod: bigint;
  readonly cliffDuration: bigint;
  readonly totalAmount: bigint;
  readonly sender: string | null;
  readonly owner: string | null;
  readonly whitelist: readonly string[];
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  readonly dataHash: string | null;
}

/** State rows move forward only: a row is replaced by one from a later transaction. */
const newer = (key: string, sets: readonly string[]): string =>
  `ON CONFLICT ("${key}") DO UPDATE SET ${sets.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}
   WHERE t."last_transaction_lt" < EXCLUDED."last_transaction_lt"`;

/**
 * A list of addresses as one element of a `text[]` parameter: a PostgreSQL array literal, cast back to
 * varchar[] on insert (an unnest of a two-dimensional array would flatten it).
 */
const list = (values: readonly string[] | null): string | null =>
  values === null ? null : `{${values.map((v) => `"${v}"`).join(',')}}`;

/** DNS items, multisig v2 wallets and orders, vesting wallets (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
export class ContractRepository {
  async saveContracts(
    m: EntityManager,
    s: {
      dnsEntries: readonly DnsEntryRow[];
      multisigs: readonly MultisigRow[];
      multisigOrders: readonly MultisigOrderRow[];
      vestings: readonly VestingRow[];
    },
  ): Promise<void> {
    const dns: BulkColumn<DnsEntryRow>[] = [
      { name: 'nft_item_address', type: 'text', value: (r) => r.address },
      { name: 'nft_item_owner', type: 'text', value: (r) => r.owner },
      { name: 'domain', type: 'text', value: (r) => r.domain },
      { name: 'dns_next_resolver', type: 'text', value: (r) => r.nextResolver },
      { name: 'dns_wallet', type: 'text', value: (r) => r.wallet },
      { name: 'dns_site_adnl', type: 'text', value: (r) => r.siteAdnl },
      { name: 'dns_storage_bag_id', type: 'text', value: (r) => r.storageBagId },
      { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
    ];
    await insertUnnest(
      m,
      'dns_entries',
      dns,
      s.dnsEntries,
      newer(
        'nft_item_address',
        dns.slice(1).map((c) => c.name),
      ),
    );
    const multisig: BulkColumn<MultisigRow>[] = [
      { name: 'address', type: 'text', value: (r) => r.address },
      { name: 'next_order_seqno', type: 'numeric', value: (r) => dec(r.nextOrderSeqno) },
      { name: 'threshold', type: 'bigint', value: (r) => dec(r.threshold) },
      { name: 'signers', type: 'text', cast: 'varchar[]', value: (r) => list(r.signers) },
      { name: 'proposers', type: 'text', cast: 'varchar[]', value: (r) => list(r.proposers) },
      { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
      { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
      { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
    ];
    await insertUnnest(
      m,
      'multisig',
      multisig,
      s.multisigs,
      newer(
        'address',
        multisig.slice(1).map((c) => c.name),
      ),
    );
    const order: BulkColumn<MultisigOrderRow>[] = [
      { name: 'address', type: 'text', value: (r) => r.address },
      { name: 'multisig_address', type: 'text', value: (r) => r.multisig },
      { name: 'order_seqno', type: 'numeric', value: (r) => dec(r.orderSeqno) },
      { name: 'threshold', type: 'bigint', value: (r) => dec(r.threshold) },
      { name: 'sent_for_execution', type: 'boolean', value: (r) => r.sentForExecution },
      { name: 'approvals_mask', type: 'numeric', value: (r) => dec(r.approvalsMask) },
      { name: 'approvals_num', type: 'bigint', value: (r) => dec(r.approvalsNum) },
      { name: 'expiration_date', type: 'bigint', value: (r) => dec(r.expirationDate) },
      { name: 'order_boc', type: 'text', value: (r) => r.orderBoc },
      { name: 'signers', type: 'text', cast: 'varchar[]', value: (r) => list(r.signers) },
      { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
      { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
      { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
    ];
    await insertUnnest(
      m,
      'multisig_orders',
      order,
      s.multisigOrders,
      newer(
        'address',
        order.slice(1).map((c) => c.name),
      ),
    );
    await this.saveVestings(m, s.vestings);
  }

  /**
   * Vesting wallets, and the whitelist of each wallet whose row this write holds afterwards (it was
   * new or later than the stored one): that whitelist replaces the stored one.
   */
  private async saveVestings(m: EntityManager, rows: readonly VestingRow[]): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    const vesting: BulkColumn<VestingRow>[] = [
      { name: 'address', type: 'text', value: (r) => r.address },
      { name: 'vesting_start_time', type: 'bigint', value: (r) => dec(r.startTime) },
      { name: 'vesting_total_duration', type: 'bigint', value: (r) => dec(r.totalDuration) },
      { name: 'unlock_period', type: 'bigint', value: (r) => dec(r.unlockPeriod) },
      { name: 'cliff_duration', type: 'bigint', value: (r) => dec(r.cliffDuration) },
      { name: 'vesting_total_amount', type: 'numeric', value: (r) => dec(r.totalAmount) },
      { name: 'vesting_sender_address', type: 'text', value: (r) => r.sender },
      { name: 'owner_address', type: 'text', value: (r) => r.owner },
      { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
      { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
      { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
    ];
    await insertUnnest(
      m,
      'vesting_contracts',
      vesting,
      rows,
      newer(
        'address',
        vesting.slice(1).map((c) => c.name),
      ),
    );
    const written = `SELECT u.a FROM unnest($1::text[], $2::bigint[]) AS u(a, lt)
      JOIN vesting_contracts v ON v.address = u.a AND v.last_transaction_lt = u.lt`;
    await m.query(`DELETE FROM vesting_whitelist WHERE vesting_contract_address IN (${written})`, [
      rows.map((r) => r.address),
      rows.map((r) => dec(r.lastLt)),
    ]);
    const entries = rows.flatMap((r) => r.whitelist.map((w) => ({ row: r, wallet: w })));
    if (entries.length === 0) {
      return;
    }
    await m.query(
      `INSERT INTO vesting_whitelist (vesting_contract_address, wallet_address)
       SELECT u.a, u.w FROM unnest($1::text[], $2::text[], $3::bigint[]) AS u(a, w, lt)
       JOIN vesting_contracts v ON v.address = u.a AND v.last_transaction_lt = u.lt
       ON CONFLICT DO NOTHING`,
      [
        entries.map((e) => e.row.address),
        entries.map((e) => e.wallet),
        entries.map((e) => dec(e.row.lastLt)),
      ],
    );
  }
}
