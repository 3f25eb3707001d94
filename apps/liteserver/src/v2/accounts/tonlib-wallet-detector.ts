import { type Cell } from '@ton/core';

/** The tonlib `AccountState` of a wallet tonlib knows, as getExtendedAddressInformation renders it. */
export type TonlibWalletState =
  | { '@type': 'wallet.v3.accountState'; wallet_id: number; seqno: number }
  | { '@type': 'wallet.v4.accountState'; wallet_id: number; seqno: number }
  | { '@type': 'wallet.highload.v1.accountState'; wallet_id: number; seqno: number }
  | { '@type': 'wallet.highload.v2.accountState'; wallet_id: number };

interface TonlibWalletKind {
  /** tonlib's revision of the code (`fullAccountState.revision`). */
  readonly revision: number;
  readonly read: (data: Cell) => TonlibWalletState;
}

/** WalletV3/V4 data `seqno:uint32 wallet_id:uint32 …`; tonlib casts both to uint32. */
function seqnoWalletId(
  type: 'wallet.v3.accountState' | 'wallet.v4.accountState' | 'wallet.highload.v1.accountState',
): (data: Cell) => TonlibWalletState {
  return (data) => {
    const slice = data.beginParse();
    const seqno = slice.loadUint(32);
    return { '@type': type, wallet_id: slice.loadUint(32), seqno };
  };
}

/** HighloadWalletV2 data `wallet_id:uint32 last_cleaned:uint64 public_key:bits256 old_queries:…`. */
function highloadV2(data: Cell): TonlibWalletState {
  return { '@type': 'wallet.highload.v2.accountState', wallet_id: data.beginParse().loadUint(32) };
}

/**
 * Code cell hashes (hex) of the wallets tonlib recognises in `getAccountState` (tonlib
 * `AccountState::guess_type`, codes of crypto/smc-envelope/SmartContractCode.cpp): WalletV3 r1/r2,
 * WalletV4 r2 only (v4 r1 stays `raw.accountState`), HighloadWallet r1/r2, HighloadWalletV2 r1/r2.
 * The revision −1 codes tonlib compiles from the current FunC sources at build time are not listed.
 */
const TONLIB_WALLETS: ReadonlyMap<string, TonlibWalletKind> = new Map([
  [
    'b61041a58a7980b946e8fb9e198e3c904d24799ffa36574ea4251c41a566f581',
    { revision: 1, read: seqnoWalletId('wallet.v3.accountState') },
  ],
  [
    '84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599',
    { revision: 2, read: seqnoWalletId('wallet.v3.accountState') },
  ],
  [
    'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
    { revision: 2, read: seqnoWalletId('wallet.v4.accountState') },
  ],
  [
    'd8cdbbb79f2c5caa677ac450770be0351be21e1250486de85cc52aa33dd16484',
    { revision: 1, read: seqnoWalletId('wallet.highload.v1.accountState') },
  ],
  [
    '368c03972e5f4c24412b818652de1de2a2630d1c011609999dff745fb36849ad',
    { revision: 2, read: seqnoWalletId('wallet.highload.v1.accountState') },
  ],
  [
    '8ceb45b3cd4b5cc60eaae1c13b9c092392677fe536b2e9b2d801b62eff931fe1',
    { revision: 1, read: highloadV2 },
  ],
  [
    '0b3a887aeacd2a7d40bb5550bc9253156a029065aefb6d6b583735d58da9d5be',
    { revision: 2, read: highloadV2 },
  ],
]);

/** tonlib's wallet state and revision for this code and data, or undefined for any other contract. */
export function detectTonlibWallet(
  code: Cell,
  data: Cell,
): { state: TonlibWalletState; revision: number } | undefined {
  const kind = TONLIB_WALLETS.get(code.hash().toString('hex'));
  if (!kind) {
    return undefined;
  }
  try {
    return { state: kind.read(data), revision: kind.revision };
  } catch {
    // Data too short for the wallet's fields: tonlib fails to read it; render the raw state instead.
    return undefined;
  }
}
