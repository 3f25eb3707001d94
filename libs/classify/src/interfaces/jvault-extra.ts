/**
 * The account data the JVault matchers read (toncenter's `get_extra_data(address, "data_boc")`): a
 * stake wallet's data names its pool, the pool's data names its lock wallet, whose Jetton is the asset
 * staked. toncenter fetches them in rounds from the latest account states
 * (`_gather_data_from_db` with `derive_accounts_from_stake_wallet` and `derive_accounts_from_stake_pool`,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/address_selectors.py);
 * the trace file of a case carries them already.
 */
import { bodySlice, loadAddr } from '../tlb/cells';

/** The `data_boc` extra of one account, as the matchers read it. */
export interface DataBocExtra {
  readonly account: string;
  readonly request: 'data_boc';
  /** The account's data cell, base64 BoC; null when its latest state keeps none. */
  readonly data_boc: string | null;
  /** A stake wallet's pool, when its data reads. */
  pool?: string;
  /** A stake pool's lock wallet, when its data reads. */
  lock_wallet_address?: string;
}

/** Latest data BoCs of `accounts`, for those that have a latest state. */
export type DataBocReader = (
  accounts: readonly string[],
) => Promise<ReadonlyMap<string, string | null>>;

/** The stake wallet's data: staking_pool:MsgAddress first. */
function stakeWalletPool(dataBoc: string | null): string | null {
  try {
    return loadAddr(bodySlice(dataBoc));
  } catch {
    // unreadable or missing data names no pool (toncenter's bare except)
    return null;
  }
}

/** The stake pool's data: a bit, 32 bits, admin, creator, then the lock wallet. */
function stakePoolLockWallet(dataBoc: string | null): string | null {
  try {
    const s = bodySlice(dataBoc);
    s.skip(1 + 32);
    loadAddr(s);
    loadAddr(s);
    return loadAddr(s);
  } catch {
    // unreadable or missing data names no lock wallet (toncenter's bare except)
    return null;
  }
}

export interface JVaultExtras {
  /** `data_boc` extras by account. */
  readonly extras: ReadonlyMap<string, DataBocExtra>;
  /** The pools and lock wallets they name, whose interfaces the matchers read too. */
  readonly accounts: ReadonlySet<string>;
}

/** The data of `stakeWallets` and of the pools they name, read with `read`. */
export async function jvaultExtras(
  stakeWallets: ReadonlySet<string>,
  read: DataBocReader,
): Promise<JVaultExtras> {
  const extras = new Map<string, DataBocExtra>();
  const accounts = new Set<string>();
  if (stakeWallets.size === 0) {
    return { extras, accounts };
  }
  const pools = new Set<string>();
  for (const [account, dataBoc] of await read([...stakeWallets])) {
    const extra: DataBocExtra = { account, request: 'data_boc', data_boc: dataBoc };
    const pool = stakeWalletPool(dataBoc);
    if (pool !== null) {
      extra.pool = pool;
      pools.add(pool);
      accounts.add(pool);
    }
    extras.set(account, extra);
  }
  const unread = [...pools].filter((p) => !extras.has(p));
  if (unread.length > 0) {
    for (const [account, dataBoc] of await read(unread)) {
      const extra: DataBocExtra = { account, request: 'data_boc', data_boc: dataBoc };
      const lock = stakePoolLockWallet(dataBoc);
      if (lock !== null) {
        extra.lock_wallet_address = lock;
        accounts.add(lock);
      }
      extras.set(account, extra);
    }
  }
  return { extras, accounts };
}
