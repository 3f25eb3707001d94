import {
  type DedustPoolState,
  type DnsEntryState,
  type MultisigOrderState,
  type MultisigState,
  type VestingState,
} from '@app/classify';
import { type EntityManager } from 'typeorm';
import { bulkColumns } from '../entities/bulk-columns';
import { DnsEntryEntity } from '../entities/dns-entry.entity';
import { MultisigEntity } from '../entities/multisig.entity';
import { MultisigOrderEntity } from '../entities/multisig-order.entity';
import { VestingContractEntity } from '../entities/vesting-contract.entity';
import { DexPoolEntity } from '../entities/dex-pool.entity';
import { dec, insertUnnest } from '../repositories/unnest-insert';
import { upsertStates } from './token-state-columns';

/** The account a contract probe read, as the block's last transaction on it left it. */
interface ProbedAccount {
  readonly address: string;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  /** Hash of the account's data in the state the interface was read from. */
  readonly dataHash: string | null;
}

/** The state each contract probe read, stored with the account's common columns. */
export type DnsEntryRow = Pick<ProbedAccount, 'address' | 'lastLt'> & DnsEntryState;
export type MultisigRow = ProbedAccount & MultisigState;
export type MultisigOrderRow = ProbedAccount & MultisigOrderState;
export type VestingRow = ProbedAccount & VestingState;
export type DexPoolRow = ProbedAccount & DedustPoolState;

/** The columns of dex_pools (toncenter InsertBatchPostgres::insert_dedust_pools). */
const DEX_POOLS_STATE_COLUMNS = bulkColumns<DexPoolEntity, DexPoolRow>(DexPoolEntity, {
  address: (r) => r.address,
  dex: () => 'dedust',
  asset_1: (r) => r.asset1,
  asset_2: (r) => r.asset2,
  reserve_1: (r) => r.reserve1,
  reserve_2: (r) => r.reserve2,
  poolType: (r) => (r.isStable ? 'stable' : 'volatile'),
  fee: (r) => r.fee,
  lastTransactionLt: (r) => r.lastLt,
  codeHash: (r) => r.codeHash,
  dataHash: (r) => r.dataHash,
});

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
      vestings: readonly VestingRow[];
      dexPools: readonly DexPoolRow[];
    },
  ): Promise<void> {
    const dns = bulkColumns<DnsEntryEntity, DnsEntryRow>(DnsEntryEntity, {
      nftItemAddress: (r) => r.address,
      nftItemOwner: (r) => r.owner,
      domain: (r) => r.domain,
      dnsNextResolver: (r) => r.nextResolver,
      dnsWallet: (r) => r.wallet,
      dnsSiteAdnl: (r) => r.siteAdnl,
      dnsStorageBagId: (r) => r.storageBagId,
      lastTransactionLt: (r) => r.lastLt,
    });
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
    const multisig = bulkColumns<MultisigEntity, MultisigRow>(MultisigEntity, {
      address: (r) => r.address,
      nextOrderSeqno: (r) => r.nextOrderSeqno,
      threshold: (r) => r.threshold,
      signers: (r) => r.signers,
      proposers: (r) => r.proposers,
      lastTransactionLt: (r) => r.lastLt,
      codeHash: (r) => r.codeHash,
      dataHash: (r) => r.dataHash,
    });
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
    const order = bulkColumns<MultisigOrderEntity, MultisigOrderRow>(MultisigOrderEntity, {
      address: (r) => r.address,
      multisigAddress: (r) => r.multisig,
      orderSeqno: (r) => r.orderSeqno,
      threshold: (r) => r.threshold,
      sentForExecution: (r) => r.sentForExecution,
      approvalsMask: (r) => r.approvalsMask,
      approvalsNum: (r) => r.approvalsNum,
      expirationDate: (r) => r.expirationDate,
      orderBoc: (r) => r.orderBoc,
      signers: (r) => r.signers,
      lastTransactionLt: (r) => r.lastLt,
      codeHash: (r) => r.codeHash,
      dataHash: (r) => r.dataHash,
    });
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
    await upsertStates(m, 'dex_pools', DEX_POOLS_STATE_COLUMNS, s.dexPools);
  }

  /**
   * Vesting wallets, and the whitelist of each wallet whose row this write holds afterwards (it was
   * new or later than the stored one): that whitelist replaces the stored one.
   */
  private async saveVestings(m: EntityManager, rows: readonly VestingRow[]): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    const vesting = bulkColumns<VestingContractEntity, VestingRow>(VestingContractEntity, {
      address: (r) => r.address,
      vestingStartTime: (r) => r.startTime,
      vestingTotalDuration: (r) => r.totalDuration,
      unlockPeriod: (r) => r.unlockPeriod,
      cliffDuration: (r) => r.cliffDuration,
      vestingTotalAmount: (r) => r.totalAmount,
      vestingSenderAddress: (r) => r.sender,
      ownerAddress: (r) => r.owner,
      lastTransactionLt: (r) => r.lastLt,
      codeHash: (r) => r.codeHash,
      dataHash: (r) => r.dataHash,
    });
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
