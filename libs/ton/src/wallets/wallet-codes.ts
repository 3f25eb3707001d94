/** How a standard wallet lays out the start of its data cell. */
export type WalletDataLayout =
  /** v1/v2: `seqno:uint32 public_key:bits256`. */
  | 'seqno'
  /** v3/v4: `seqno:uint32 wallet_id:uint32 public_key:bits256 …`. */
  | 'seqno-wallet-id'
  /** v5: `is_signature_allowed:Bool seqno:uint32 wallet_id:int32 public_key:bits256 extensions:…`. */
  | 'v5';

/** A standard wallet code: its code cell hash, toncenter's name for it and its data layout. */
export interface WalletCode {
  /** Code cell representation hash, hex. */
  readonly hashHex: string;
  /** `wallet_type` exactly as toncenter writes it, e.g. "wallet v4 r2". */
  readonly walletType: string;
  readonly data: WalletDataLayout;
}

/**
 * The 11 wallet codes toncenter recognises by their code hash (v1r1 … v5r1): the table of
 * https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/wallet.py and of the indexer's
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models. The v2 account
 * reader and the decoder's interface detection both read it.
 */
export const WALLET_CODES: readonly WalletCode[] = [
  {
    hashHex: 'a0cfc2c48aee16a271f2cfc0b7382d81756cecb1017d077faaab3bb602f6868c',
    walletType: 'wallet v1 r1',
    data: 'seqno',
  },
  {
    hashHex: 'd4902fcc9fad74698fa8e353220a68da0dcf72e32bcb2eb9ee04217c17d3062c',
    walletType: 'wallet v1 r2',
    data: 'seqno',
  },
  {
    hashHex: '587cc789eff1c84f46ec3797e45fc809a14ff5ae24f1e0c7a6a99cc9dc9061ff',
    walletType: 'wallet v1 r3',
    data: 'seqno',
  },
  {
    hashHex: '5c9a5e68c108e18721a07c42f9956bfb39ad77ec6d624b60c576ec88eee65329',
    walletType: 'wallet v2 r1',
    data: 'seqno',
  },
  {
    hashHex: 'fe9530d3243853083ef2ef0b4c2908c0abf6fa1c31ea243aacaa5bf8c7d753f1',
    walletType: 'wallet v2 r2',
    data: 'seqno',
  },
  {
    hashHex: 'b61041a58a7980b946e8fb9e198e3c904d24799ffa36574ea4251c41a566f581',
    walletType: 'wallet v3 r1',
    data: 'seqno-wallet-id',
  },
  {
    hashHex: '84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599',
    walletType: 'wallet v3 r2',
    data: 'seqno-wallet-id',
  },
  {
    hashHex: '64dd54805522c5be8a9db59cea0105ccf0d08786ca79beb8cb79e880a8d7322d',
    walletType: 'wallet v4 r1',
    data: 'seqno-wallet-id',
  },
  {
    hashHex: 'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
    walletType: 'wallet v4 r2',
    data: 'seqno-wallet-id',
  },
  {
    hashHex: 'f3d7ca53493deedac28b381986a849403cbac3d2c584779af081065af0ac4b93',
    walletType: 'wallet v5 beta',
    data: 'v5',
  },
  {
    hashHex: '20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f',
    walletType: 'wallet v5 r1',
    data: 'v5',
  },
];
