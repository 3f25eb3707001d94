import { WALLET_CODES } from '@app/ton';

/**
 * base64 code hash (as `latest_account_states.code_hash` stores it) → wallet type, of the wallets
 * toncenter recognises (WALLET_CODES). An account with one of these codes gets a non-bounceable
 * user-friendly address (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml),
 * and the decoder records the code's single interface (`wallet_v4r2`) in `contract_interfaces`, as
 * toncenter's code-hash match does.
 */
export const WALLET_TYPES: ReadonlyMap<string, string> = new Map(
  WALLET_CODES.map((w) => [Buffer.from(w.hashHex, 'hex').toString('base64'), w.walletType]),
);

export const WALLET_CODE_HASHES: ReadonlySet<string> = new Set(WALLET_TYPES.keys());

/** The interface name of a wallet code (`wallet v4 r2` → `wallet_v4r2`, `wallet v5 beta` → `wallet_v5_beta`). */
export function walletInterface(codeHash: string | null): string | undefined {
  const type = codeHash === null ? undefined : WALLET_TYPES.get(codeHash);
  return type
    ?.replace(/^wallet /, 'wallet_')
    .replace(/ r(\d)$/, 'r$1')
    .replace(/ /g, '_');
}
