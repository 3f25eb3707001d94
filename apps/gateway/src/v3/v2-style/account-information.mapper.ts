import {
  type AccountStatus,
  ErrorCode,
  type RawFullAccountState,
  TonApiError,
  type V3AccountStateFull,
  type V3WalletState,
  type WalletInformation,
} from '@app/contracts';
import { z } from 'zod';

/**
 * The v2-style account answers of /api/v3 (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): built from
 * the indexed states (DB mode) or from the liteserver service's v2 results (`use_v2=true`), one
 * shape either way.
 */

/** The last-transaction hash toncenter reports for an account it has never indexed. */
export const ZERO_HASH = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const V3Status = z.enum(['uninit', 'frozen', 'active', 'nonexist']);
type V3Status = z.infer<typeof V3Status>;

/** walletInformation (ton-indexer `V2WalletInformation`): wallet fields only for a known wallet. */
export const V3WalletInformation = z
  .object({
    balance: z.string(),
    wallet_type: z.string().optional(),
    seqno: z.number().int().optional(),
    wallet_id: z.number().int().optional(),
    last_transaction_lt: z.string(),
    last_transaction_hash: z.string(),
    status: V3Status,
  })
  .strict();
export type V3WalletInformation = z.infer<typeof V3WalletInformation>;

/** addressInformation (ton-indexer `V2AddressInformation`): code/data as base64 BoCs or null. */
export const V3AddressInformation = z
  .object({
    balance: z.string(),
    code: z.string().nullable(),
    data: z.string().nullable(),
    last_transaction_lt: z.string(),
    last_transaction_hash: z.string(),
    frozen_hash: z.string().nullable(),
    status: V3Status,
  })
  .strict();
export type V3AddressInformation = z.infer<typeof V3AddressInformation>;

/**
 * v2's account state in v3's words. toncenter passes v2's `uninitialized` through unchanged on
 * `use_v2=true`; here it is `uninit`, so the field has one vocabulary whichever source answered.
 */
function v3StatusOf(state: AccountStatus): V3Status {
  return state === 'uninitialized' ? 'uninit' : state;
}

function notAWallet(): TonApiError {
  return new TonApiError(ErrorCode.NOT_A_WALLET, 'not a wallet');
}

/** An empty v2 string (no code, no frozen hash) is JSON null, as ton-indexer's proxy renders it. */
function nonEmpty(value: string): string | null {
  return value === '' ? null : value;
}

/** The synthetic answer for an address the index has no state of (ton-indexer, DB mode). */
export function unknownWalletInformation(): V3WalletInformation {
  return {
    balance: '0',
    last_transaction_lt: '0',
    last_transaction_hash: ZERO_HASH,
    status: 'uninit',
  };
}

export function unknownAddressInformation(): V3AddressInformation {
  return {
    balance: '0',
    code: null,
    data: null,
    last_transaction_lt: '0',
    last_transaction_hash: ZERO_HASH,
    frozen_hash: null,
    status: 'uninit',
  };
}

/** DB mode: a walletStates row; neither a wallet nor uninit → 409 `not a wallet`. */
export function walletInformationFromState(state: V3WalletState): V3WalletInformation {
  if (!state.is_wallet && state.status !== 'uninit') {
    throw notAWallet();
  }
  return {
    balance: state.balance,
    ...(state.wallet_type === undefined ? {} : { wallet_type: state.wallet_type }),
    ...(state.seqno === undefined ? {} : { seqno: state.seqno }),
    ...(state.wallet_id === undefined ? {} : { wallet_id: state.wallet_id }),
    last_transaction_lt: state.last_transaction_lt,
    last_transaction_hash: state.last_transaction_hash,
    status: state.status,
  };
}

/** `use_v2=true`: v2 getWalletInformation, with the same 409 rule on v2's `wallet` flag. */
export function walletInformationFromV2(info: WalletInformation): V3WalletInformation {
  if (!info.wallet && info.account_state !== 'uninitialized') {
    throw notAWallet();
  }
  return {
    balance: info.balance,
    ...(info.wallet_type === undefined || info.wallet_type === ''
      ? {}
      : { wallet_type: info.wallet_type }),
    ...(info.seqno === undefined ? {} : { seqno: info.seqno }),
    ...(info.wallet_id === undefined ? {} : { wallet_id: info.wallet_id }),
    last_transaction_lt: info.last_transaction_id.lt,
    last_transaction_hash: info.last_transaction_id.hash,
    status: v3StatusOf(info.account_state),
  };
}

/**
 * DB mode: an accountStates row read with its BoCs. `frozen_hash` stays null as in ton-indexer's
 * DB mode (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml),
 * which never copies it over.
 */
export function addressInformationFromState(state: V3AccountStateFull): V3AddressInformation {
  return {
    balance: state.balance,
    code: state.code_boc ?? null,
    data: state.data_boc ?? null,
    last_transaction_lt: state.last_transaction_lt,
    last_transaction_hash: state.last_transaction_hash,
    frozen_hash: null,
    status: state.status,
  };
}

/** `use_v2=true`: v2 getAddressInformation (`raw.fullAccountState`). */
export function addressInformationFromV2(state: RawFullAccountState): V3AddressInformation {
  return {
    balance: state.balance,
    code: nonEmpty(state.code),
    data: nonEmpty(state.data),
    last_transaction_lt: state.last_transaction_id.lt,
    last_transaction_hash: state.last_transaction_id.hash,
    frozen_hash: nonEmpty(state.frozen_hash),
    status: v3StatusOf(state.state),
  };
}
