import { WALLET_CODES, type WalletDataLayout } from '@app/ton';
import { type Cell } from '@ton/core';

/** What a recognised wallet keeps at the start of its data cell (toncenter https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/wallet.py). */
export interface WalletFields {
  /** Absent for the wallets that have none (highload v2 and v3 replay-protect by query id). */
  readonly seqno?: number;
  readonly walletId?: number;
  readonly isSignatureAllowed?: boolean;
}

/** A wallet code toncenter recognises by its code cell hash. */
export interface WalletKind {
  /** `wallet_type` exactly as toncenter writes it, e.g. "wallet v4 r2". */
  readonly walletType: string;
  readonly read: (data: Cell) => WalletFields;
}

/** v1/v2 data: `seqno:uint32 public_key:bits256`. */
function readSeqno(data: Cell): WalletFields {
  return { seqno: data.beginParse().loadUint(32) };
}

/**
 * v3/v4 data: `seqno:uint32 wallet_id:uint32 public_key:bits256 …`. toncenter 2.1 reads wallet_id as a
 * signed 32-bit value (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/wallet.py).
 */
function readSeqnoWalletId(data: Cell): WalletFields {
  const slice = data.beginParse();
  const seqno = slice.loadUint(32);
  return { seqno, walletId: slice.loadInt(32) };
}

/** v5 data: `is_signature_allowed:Bool seqno:uint32 wallet_id:int32 public_key:bits256 extensions:…`. */
function readV5(data: Cell): WalletFields {
  const slice = data.beginParse();
  const isSignatureAllowed = slice.loadBit();
  const seqno = slice.loadUint(32);
  return { seqno, walletId: slice.loadInt(32), isSignatureAllowed };
}

/**
 * Highload wallet v1 data: `seqno:uint32 subwallet_id:uint32 public_key:bits256`
 * (ton-blockchain/ton crypto/smartcont/highload-wallet-code.fc). The subwallet id is rendered as
 * `wallet_id`, read signed like the v3/v4/v5 ones.
 */
function readHighloadV1(data: Cell): WalletFields {
  return readSeqnoWalletId(data);
}

/**
 * Highload wallet v2 data: `subwallet_id:uint32 last_cleaned:uint64 public_key:bits256
 * old_queries:(HashmapE 64 ^Cell)` (highload-wallet-v2-code.fc): no seqno, only `wallet_id`.
 */
function readHighloadV2(data: Cell): WalletFields {
  const slice = data.beginParse();
  const walletId = slice.loadInt(32);
  slice.skip(64);
  slice.loadBuffer(32);
  return { walletId };
}

/**
 * Highload wallet v3 data: `public_key:bits256 subwallet_id:uint32 old_queries:(HashmapE 14 ^Cell)
 * queries:(HashmapE 14 ^Cell) last_clean_time:uint64 timeout:uint22`
 * (ton-blockchain/highload-wallet-contract-v3): no seqno, only `wallet_id`.
 */
function readHighloadV3(data: Cell): WalletFields {
  const slice = data.beginParse();
  slice.skip(256);
  return { walletId: slice.loadInt(32) };
}

/** The reader of each standard data layout. */
const READERS: Readonly<Record<WalletDataLayout, (data: Cell) => WalletFields>> = {
  seqno: readSeqno,
  'seqno-wallet-id': readSeqnoWalletId,
  v5: readV5,
};

/**
 * Code cell representation hashes (hex) → wallet kind: toncenter 2.1's table (WALLET_CODES;
 * https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/wallet.py, which compares the code
 * cell hash) and the highload wallets. wallet-detector.spec.ts checks them against @ton/ton's contracts.
 */
export const WALLET_KINDS: ReadonlyMap<string, WalletKind> = new Map<string, WalletKind>([
  ...WALLET_CODES.map((w): [string, WalletKind] => [
    w.hashHex,
    { walletType: w.walletType, read: READERS[w.data] },
  ]),
  // Highload wallets. toncenter 2.1's table stops at v5 (its getWalletInformation answers
  // wallet:false for them) and the reference names no wallet_type for them, so the names follow the
  // table's own pattern ("<kind> v<N> r<M>", from tonlib's code names "highload-wallet-v2-r2"…) and
  // the fields are those the data holds: seqno only where the contract has one. The v1/v2 codes are
  // tonlib's revisions 1 and 2 (the ones tonlib-wallet-detector.ts knows); v3 has a single release.
  [
    'd8cdbbb79f2c5caa677ac450770be0351be21e1250486de85cc52aa33dd16484',
    { walletType: 'highload wallet v1 r1', read: readHighloadV1 },
  ],
  [
    '368c03972e5f4c24412b818652de1de2a2630d1c011609999dff745fb36849ad',
    { walletType: 'highload wallet v1 r2', read: readHighloadV1 },
  ],
  [
    '8ceb45b3cd4b5cc60eaae1c13b9c092392677fe536b2e9b2d801b62eff931fe1',
    { walletType: 'highload wallet v2 r1', read: readHighloadV2 },
  ],
  [
    '0b3a887aeacd2a7d40bb5550bc9253156a029065aefb6d6b583735d58da9d5be',
    { walletType: 'highload wallet v2 r2', read: readHighloadV2 },
  ],
  [
    '11acad7955844090f283bf238bc1449871f783e7cc0979408d3f4859483e8525',
    { walletType: 'highload wallet v3', read: readHighloadV3 },
  ],
]);

/** A recognised wallet and the fields read from its data, or undefined for any other code. */
export function detectWallet(
  code: Cell,
  data: Cell,
): { kind: WalletKind; fields: WalletFields } | undefined {
  const kind = WALLET_KINDS.get(code.hash().toString('hex'));
  if (!kind) {
    return undefined;
  }
  try {
    return { kind, fields: kind.read(data) };
  } catch {
    // A wallet code over data too short to hold its fields is not treated as a wallet.
    return undefined;
  }
}
