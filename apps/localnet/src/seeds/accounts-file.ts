import { rename, writeFile } from 'node:fs/promises';

import type { Address } from '@ton/core';
import { z } from 'zod';

import type { SeedAccount, SeedAccountKind, WalletVersion } from './seed-context';

/**
 * One account as the accounts file lists it. Addresses are raw (`0:<hex>`) and friendly (url-safe
 * base64: bounceable, plus non-bounceable for wallets, the form wallets show for receiving); keys are
 * hex so any client can sign for the wallets; 64-bit values are decimal strings.
 */
export interface AccountRecord {
  readonly name: string;
  readonly kind: SeedAccountKind;
  readonly address: string;
  readonly friendly: string;
  readonly friendlyNonBounceable?: string;
  readonly walletVersion?: WalletVersion;
  readonly walletId?: number;
  readonly publicKey?: string;
  readonly secretKey?: string;
  readonly mnemonic?: string[];
  readonly jettonMaster?: string;
  readonly owner?: string;
  readonly index?: string;
}

export interface AccountsFile {
  readonly accounts: AccountRecord[];
}

export interface AccountsFileOptions {
  /** Friendly forms with the test-only flag (kQ…/0Q…), as testnet tooling expects; default false. */
  readonly testOnly?: boolean;
}

function friendly(address: Address, bounceable: boolean, testOnly: boolean): string {
  return address.toString({ urlSafe: true, bounceable, testOnly });
}

export function toAccountRecord(
  account: SeedAccount,
  options: AccountsFileOptions = {},
): AccountRecord {
  const testOnly = options.testOnly ?? false;
  const isWallet = account.kind === 'wallet' || account.kind === 'treasury';
  return {
    name: account.name,
    kind: account.kind,
    address: account.address.toRawString(),
    friendly: friendly(account.address, true, testOnly),
    ...(isWallet ? { friendlyNonBounceable: friendly(account.address, false, testOnly) } : {}),
    ...(account.walletVersion !== undefined ? { walletVersion: account.walletVersion } : {}),
    ...(account.walletId !== undefined ? { walletId: account.walletId } : {}),
    ...(account.publicKey !== undefined ? { publicKey: account.publicKey.toString('hex') } : {}),
    ...(account.secretKey !== undefined ? { secretKey: account.secretKey.toString('hex') } : {}),
    ...(account.mnemonic !== undefined ? { mnemonic: [...account.mnemonic] } : {}),
    ...(account.jettonMaster !== undefined
      ? { jettonMaster: account.jettonMaster.toRawString() }
      : {}),
    ...(account.owner !== undefined ? { owner: account.owner.toRawString() } : {}),
    ...(account.index !== undefined ? { index: account.index.toString() } : {}),
  };
}

/**
 * Writes the seeded accounts as JSON (`{ "accounts": [...] }`). The file holds secret keys of local,
 * throw-away wallets: it is written owner-readable only, through a temporary file and a rename so a
 * reader never sees half of it.
 */
export async function writeAccountsFile(
  path: string,
  accounts: readonly SeedAccount[],
  options: AccountsFileOptions = {},
): Promise<AccountsFile> {
  const file: AccountsFile = { accounts: accounts.map((a) => toAccountRecord(a, options)) };
  const temporary = `${path}.${process.pid.toString()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
  return file;
}

const AccountRecordSchema = z.object({
  name: z.string().min(1),
  kind: z.enum([
    'treasury',
    'wallet',
    'jetton-minter',
    'jetton-wallet',
    'nft-collection',
    'nft-item',
    'nft-sale',
    'dns-item',
    'vesting-wallet',
    'multisig',
    'multisig-order',
    'unknown',
  ]),
  address: z.string().regex(/^-?\d+:[0-9a-f]{64}$/),
  friendly: z.string().length(48),
  friendlyNonBounceable: z.string().length(48).optional(),
  walletVersion: z.enum(['v3r2', 'v4r2', 'v5r1']).optional(),
  walletId: z.number().int().optional(),
  publicKey: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  secretKey: z
    .string()
    .regex(/^[0-9a-f]{128}$/)
    .optional(),
  mnemonic: z.array(z.string()).length(24).optional(),
  jettonMaster: z.string().optional(),
  owner: z.string().optional(),
  index: z.string().regex(/^\d+$/).optional(),
});

const AccountsFileSchema = z.object({ accounts: z.array(AccountRecordSchema) });

/** Validates an accounts file read back (by a client or a test). */
export function parseAccountsFile(json: unknown): AccountsFile {
  return AccountsFileSchema.parse(json);
}
