/**
 * Code cell hashes of the 11 wallet contracts toncenter recognises (v1r1 … v5r1; toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models)
 * with the `wallet_type` walletStates gives them (with spaces). An account with one of these codes gets
 * a non-bounceable user-friendly address
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml), and the
 * decoder records the code's single interface (`wallet_v4r2`) in `contract_interfaces`, as
 * toncenter's code-hash match does.
 */
const WALLET_CODES_HEX: readonly (readonly [string, string])[] = [
  ['a0cfc2c48aee16a271f2cfc0b7382d81756cecb1017d077faaab3bb602f6868c', 'wallet v1 r1'],
  ['d4902fcc9fad74698fa8e353220a68da0dcf72e32bcb2eb9ee04217c17d3062c', 'wallet v1 r2'],
  ['587cc789eff1c84f46ec3797e45fc809a14ff5ae24f1e0c7a6a99cc9dc9061ff', 'wallet v1 r3'],
  ['5c9a5e68c108e18721a07c42f9956bfb39ad77ec6d624b60c576ec88eee65329', 'wallet v2 r1'],
  ['fe9530d3243853083ef2ef0b4c2908c0abf6fa1c31ea243aacaa5bf8c7d753f1', 'wallet v2 r2'],
  ['b61041a58a7980b946e8fb9e198e3c904d24799ffa36574ea4251c41a566f581', 'wallet v3 r1'],
  ['84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599', 'wallet v3 r2'],
  ['64dd54805522c5be8a9db59cea0105ccf0d08786ca79beb8cb79e880a8d7322d', 'wallet v4 r1'],
  ['feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0', 'wallet v4 r2'],
  ['f3d7ca53493deedac28b381986a849403cbac3d2c584779af081065af0ac4b93', 'wallet v5 beta'],
  ['20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f', 'wallet v5 r1'],
];

/** base64 code hash (as `latest_account_states.code_hash` stores it) → wallet type. */
export const WALLET_TYPES: ReadonlyMap<string, string> = new Map(
  WALLET_CODES_HEX.map(([hex, type]) => [Buffer.from(hex, 'hex').toString('base64'), type]),
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
