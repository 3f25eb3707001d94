import { type EntityManager } from 'typeorm';
import { ownColumns } from '../entities/bulk-columns';
import { DnsEntryEntity } from '../entities/dns-entry.entity';
import { MultisigEntity } from '../entities/multisig.entity';
import { MultisigOrderEntity } from '../entities/multisig-order.entity';
import { VestingContractEntity } from '../entities/vesting-contract.entity';
import { DexPoolEntity } from '../entities/dex-pool.entity';
import { insertUnnest } from '../repositories/unnest-insert';
import {
  DEX_POOL_STATE_KEYS,
  DNS_ENTRY_KEYS,
  type DexPoolRow,
  type DnsEntryRow,
  MULTISIG_ORDER_WRITE_KEYS,
  MULTISIG_STATE_KEYS,
  type MultisigOrderRow,
  type MultisigRow,
  VESTING_STATE_KEYS,
  type VestingWrite,
} from './contract-rows';
import { stateColumns, upsertStates } from './token-state-columns';

export type {
  DexPoolRow,
  DnsEntryRow,
  MultisigOrderRow,
  MultisigRow,
  VestingRow,
  VestingWrite,
} from './contract-rows';

const DNS_ENTRIES_COLUMNS = ownColumns(DnsEntryEntity, DNS_ENTRY_KEYS);
const MULTISIG_STATE_COLUMNS = stateColumns(MultisigEntity, MULTISIG_STATE_KEYS);
const MULTISIG_ORDERS_COLUMNS = ownColumns(MultisigOrderEntity, MULTISIG_ORDER_WRITE_KEYS);
const VESTING_CONTRACTS_STATE_COLUMNS = stateColumns(VestingContractEntity, VESTING_STATE_KEYS);
const DEX_POOLS_STATE_COLUMNS = stateColumns(DexPoolEntity, DEX_POOL_STATE_KEYS);

/** State rows move forward only: a row is replaced by one from a later transaction. */
const newer = (key: string, sets: readonly string[]): string =>
  `ON CONFLICT ("${key}") DO UPDATE SET ${sets.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}
   WHERE t."last_transaction_lt" < EXCLUDED."last_transaction_lt"`;

/** DNS items, multisig v2 wallets and orders, vesting wallets, DEX pools (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
export class ContractRepository {
  async saveContracts(
    m: EntityManager,
    s: {
      dnsEntries: readonly DnsEntryRow[];
      multisigs: readonly MultisigRow[];
      multisigOrders: readonly MultisigOrderRow[];
      vestings: readonly VestingWrite[];
      dexPools: readonly DexPoolRow[];
    },
  ): Promise<void> {
    await insertUnnest(
      m,
      'dns_entries',
      DNS_ENTRIES_COLUMNS,
      s.dnsEntries,
      newer(
        'nft_item_address',
        DNS_ENTRIES_COLUMNS.slice(1).map((c) => c.name),
      ),
    );
    await insertUnnest(
      m,
      'multisig',
      MULTISIG_STATE_COLUMNS,
      s.multisigs,
      newer(
        'address',
        MULTISIG_STATE_COLUMNS.slice(1).map((c) => c.name),
      ),
    );
    await insertUnnest(
      m,
      'multisig_orders',
      MULTISIG_ORDERS_COLUMNS,
      s.multisigOrders,
      newer(
        'address',
        MULTISIG_ORDERS_COLUMNS.slice(1).map((c) => c.name),
      ),
    );
    await this.saveVestings(m, s.vestings);
    await upsertStates(m, 'dex_pools', DEX_POOLS_STATE_COLUMNS, s.dexPools);
  }

  /**
   * Vesting wallets, and the whitelist of each wallet whose row this write holds afterwards (it was
   * new or later than the stored one): that whitelist replaces the stored one.
   */
  private async saveVestings(m: EntityManager, rows: readonly VestingWrite[]): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await insertUnnest(
      m,
      'vesting_contracts',
      VESTING_CONTRACTS_STATE_COLUMNS,
      rows,
      newer(
        'address',
        VESTING_CONTRACTS_STATE_COLUMNS.slice(1).map((c) => c.name),
      ),
    );
    const lt = (r: VestingWrite): string => r.lastTransactionLt.toString();
    const written = `SELECT u.a FROM unnest($1::text[], $2::bigint[]) AS u(a, lt)
      JOIN vesting_contracts v ON v.address = u.a AND v.last_transaction_lt = u.lt`;
    await m.query(`DELETE FROM vesting_whitelist WHERE vesting_contract_address IN (${written})`, [
      rows.map((r) => r.address),
      rows.map(lt),
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
        entries.map((e) => lt(e.row)),
      ],
    );
  }
}
