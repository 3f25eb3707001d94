import type { AccountInterfaces, TraceTransaction } from '../trace-model';
import { additionalAccounts, jvaultStakeWallets } from './additional-accounts';
import { type DataBocExtra, type DataBocReader, jvaultExtras } from './jvault-extra';

/** The accounts whose interfaces a block's classification reads, and the account data it reads. */
export interface ClassifyAccounts {
  readonly accounts: readonly string[];
  readonly extras: ReadonlyMap<string, DataBocExtra>;
}

/**
 * The token event candidates' accounts, the traces' own accounts, the accounts their messages name
 * (additionalAccounts) and the JVault pools and lock wallets their stake wallets' data names, as
 * toncenter gathers them before classifying
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/interface_repository.py
 * `gather_interfaces`).
 */
export async function classifyAccounts(
  candidates: readonly string[],
  traceTransactions: readonly TraceTransaction[],
  readDataBocs: DataBocReader,
): Promise<ClassifyAccounts> {
  const jvault = await jvaultExtras(jvaultStakeWallets(traceTransactions), readDataBocs);
  const accounts = new Set([
    ...candidates,
    ...traceTransactions.map((t) => t.account),
    ...additionalAccounts(traceTransactions),
    ...jvault.accounts,
  ]);
  return { accounts: [...accounts], extras: jvault.extras };
}

/** Adds each account's `data_boc` extra to its interfaces (toncenter `result[account][request]`). */
export function withExtras(
  interfaces: Map<string, AccountInterfaces>,
  extras: ReadonlyMap<string, DataBocExtra>,
): Map<string, AccountInterfaces> {
  for (const [account, extra] of extras) {
    const known = interfaces.get(account) ?? {};
    known.extra = { ...known.extra, [extra.request]: extra };
    interfaces.set(account, known);
  }
  return interfaces;
}
