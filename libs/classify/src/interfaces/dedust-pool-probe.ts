import { Address, type Cell } from '@ton/core';
import { type GetMethodRunner } from './get-method.runner';
import { exactly, raw } from './probe-stack';

/**
 * A DeDust v2 pool as toncenter's index worker reads one (DedustPoolDetector,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces/Tokens.cpp)
 * and stores it in `dex_pools`: its two assets (a jetton master, null for TON), their reserves, its
 * curve and its trade fee.
 */
export interface DedustPoolState {
  readonly asset1: string | null;
  readonly asset2: string | null;
  readonly reserve1: bigint;
  readonly reserve2: bigint;
  readonly isStable: boolean;
  /** get_trade_fee's numerator / denominator; 0 when either is 0. */
  readonly fee: number;
}

/** Which codes are DeDust pools, and the factory that must derive a pool's address. */
export interface DedustPools {
  /** base64 code hashes, as `latest_account_states.code_hash` stores them. */
  readonly codeHashes: ReadonlySet<string>;
  /** raw upper-case address. */
  readonly factory: string;
}

const hexToBase64 = (hex: string): string => Buffer.from(hex, 'hex').toString('base64');

/** Mainnet's DeDust pool codes and factory (toncenter's DEDUST_POOL_CODE_HASHES, DEDUST_FACTORY_ADDRESS). */
export const DEDUST_MAINNET: DedustPools = {
  codeHashes: new Set(
    [
      '1275095B6DA3911292406F4F4386F9E780099B854C6DEE9EE2895DDCE70927C1',
      '778F0D3FE6482C50888970DF5E787F40F3A4AB282170C035A5920877058C99D3',
      'C0F9D14FBC8E14F0D72CBA2214165EEE35836AB174130912BAF9DBFA43EAD562',
    ].map(hexToBase64),
  ),
  factory: Address.parse('EQBfBWT7X2BHg9tXAxzhz2aKiNTU1tpt5NsiK0uSDW_YAJ67')
    .toRawString()
    .toUpperCase(),
};

/** The asset tags of DeDust's `Asset` (https://docs.dedust.io/reference/tlb-schemes): native, jetton. */
const ASSET_NATIVE = 0;
const ASSET_JETTON = 1;

/** An asset slice → its jetton master (null for TON), or undefined for another kind (extra currency). */
function asset(cell: Cell): string | null | undefined {
  const s = cell.beginParse();
  const tag = s.loadUint(4);
  if (tag === ASSET_NATIVE) {
    return null;
  }
  if (tag !== ASSET_JETTON) {
    return undefined;
  }
  const workchain = s.loadInt(8);
  return raw(new Address(workchain, s.loadBuffer(32)));
}

/**
 * A DeDust pool, only for an account whose code is one of `pools.codeHashes`: get_assets → (asset1,
 * asset2) slices, is_stable → int, get_reserves → (reserve1, reserve2), get_trade_fee →
 * (numerator, denominator); then the factory's get_pool_address(pool_type, asset1, asset2), run at the
 * same block, must name this very account, so a copy of the code deployed by anyone else is no pool.
 */
export async function probeDedustPool(
  methods: GetMethodRunner,
  address: string,
  codeHash: string,
  mcSeqno: number,
  pools: DedustPools = DEDUST_MAINNET,
): Promise<DedustPoolState | null> {
  if (!pools.codeHashes.has(codeHash)) {
    return null;
  }
  const assetsAnswer = await methods.run(address, 'get_assets', [], mcSeqno);
  const assets = exactly(assetsAnswer.stack, 2, (s) => {
    const slice1 = s.readCell();
    const slice2 = s.readCell();
    return { slice1, slice2, asset1: asset(slice1), asset2: asset(slice2) };
  });
  if (assets === null) {
    return null;
  }
  const { slice1, slice2, asset1, asset2 } = assets;
  if (asset1 === undefined || asset2 === undefined) {
    return null; // toncenter: "Unsupported sum type"
  }
  const stableAnswer = await methods.run(address, 'is_stable', [], mcSeqno);
  const isStable = exactly(stableAnswer.stack, 1, (s) => s.readBigNumber() !== 0n);
  if (isStable === null) {
    return null;
  }
  const reservesAnswer = await methods.run(address, 'get_reserves', [], mcSeqno);
  const reserves = exactly(reservesAnswer.stack, 2, (s) => ({
    reserve1: s.readBigNumber(),
    reserve2: s.readBigNumber(),
  }));
  if (reserves === null) {
    return null;
  }
  const feeAnswer = await methods.run(address, 'get_trade_fee', [], mcSeqno);
  const fee = exactly(feeAnswer.stack, 2, (s) => {
    const numerator = s.readBigNumber();
    const denominator = s.readBigNumber();
    return numerator === 0n || denominator === 0n ? 0 : Number(numerator) / Number(denominator);
  });
  if (fee === null) {
    return null;
  }
  const derived = await methods.run(
    pools.factory,
    'get_pool_address',
    [
      { type: 'int', value: isStable ? 1n : 0n },
      { type: 'slice', cell: slice1 },
      { type: 'slice', cell: slice2 },
    ],
    mcSeqno,
  );
  if (exactly(derived.stack, 1, (s) => raw(s.readAddressOpt())) !== address) {
    return null; // toncenter: "Pool address mismatch with factory"
  }
  return { asset1, asset2, ...reserves, isStable, fee };
}
