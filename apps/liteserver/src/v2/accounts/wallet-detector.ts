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

/**
 * Code cell representation hashes (hex) → wallet kind: the table of toncenter 2.1
 * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/wallet.py; 2.1
 * compares the code cell hash). wallet-detector.spec.ts checks them against @ton/ton's contracts.
 */
export const WALLET_KINDS: ReadonlyMap<string, WalletKind> = new Map<string, WalletKind>([
  [
    'a0cfc2c48aee16a271f2cfc0b7382d81756cecb1017d077faaab3bb602f6868c',
    { walletType: 'wallet v1 r1', read: readSeqno },
  ],
  [
    'd4902fcc9fad74698fa8e353220a68da0dcf72e32bcb2eb9ee04217c17d3062c',
    { walletType: 'wallet v1 r2', read: readSeqno },
  ],
  [
    '587cc789eff1c84f46ec3797e45fc809a14ff5ae24f1e0c7a6a99cc9dc9061ff',
    { walletType: 'wallet v1 r3', read: readSeqno },
  ],
  [
    '5c9a5e68c108e18721a07c42f9956bfb39ad77ec6d624b60c576ec88eee65329',
    { walletType: 'wallet v2 r1', read: readSeqno },
  ],
  [
    'fe9530d3243853083ef2ef0b4c2908c0abf6fa1c31ea243aacaa5bf8c7d753f1',
    { walletType: 'wallet v2 r2', read: readSeqno },
  ],
  [
    'b61041a58a7980b946e8fb9e198e3c904d24799ffa36574ea4251c41a566f581',
    { walletType: 'wallet v3 r1', read: readSeqnoWalletId },
  ],
  [
    '84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599',
    { walletType: 'wallet v3 r2', read: readSeqnoWalletId },
  ],
  [
    '64dd54805522c5be8a9db59cea0105ccf0d08786ca79beb8cb79e880a8d7322d',
    { walletType: 'wallet v4 r1', read: readSeqnoWalletId },
  ],
  [
    'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
    { walletType: 'wallet v4 r2', read: readSeqnoWalletId },
  ],
  [
    'f3d7ca53493deedac28b381986a849403cbac3d2c584779af081065af0ac4b93',
    { walletType: 'wallet v5 beta', read: readV5 },
  ],
  [
    '20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f',
    { walletType: 'wallet v5 r1', read: readV5 },
  ],
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
