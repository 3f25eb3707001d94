import { type Address, type Cell, CellType, type ShardAccount, type TupleItem } from '@ton/core';
import { type Blockchain, GetMethodError } from '@ton/sandbox';
import {
  WalletContractV1R3,
  WalletContractV2R2,
  WalletContractV3R1,
  WalletContractV3R2,
  WalletContractV4,
  WalletContractV5R1,
} from '@ton/ton';

import type { SeedAccountKind, WalletVersion } from './seed-context';
import { storedWalletId } from './seed-wallet';

const NO_KEY = Buffer.alloc(32);

/** Code hashes of the wallets whose keys a client can use here, from @ton/ton's own code cells. */
const VERSIONED_WALLET_CODE: ReadonlyMap<string, WalletVersion> = new Map([
  [
    WalletContractV3R2.create({ workchain: 0, publicKey: NO_KEY }).init.code.hash().toString('hex'),
    'v3r2',
  ],
  [
    WalletContractV4.create({ workchain: 0, publicKey: NO_KEY }).init.code.hash().toString('hex'),
    'v4r2',
  ],
  [WalletContractV5R1.create({ publicKey: NO_KEY }).init.code.hash().toString('hex'), 'v5r1'],
]);

/** Older wallets: recognised as wallets, without a version the seeds' accounts can describe. */
const OTHER_WALLET_CODE: ReadonlySet<string> = new Set(
  [
    WalletContractV1R3.create({ workchain: 0, publicKey: NO_KEY }).init.code,
    WalletContractV2R2.create({ workchain: 0, publicKey: NO_KEY }).init.code,
    WalletContractV3R1.create({ workchain: 0, publicKey: NO_KEY }).init.code,
  ].map((code) => code.hash().toString('hex')),
);

/** The library a library cell stands for (exotic cell type 2: an 8-bit tag, then the library's hash). */
export function libraryHash(cell: Cell): Buffer | null {
  if (!cell.isExotic || cell.type !== CellType.Library) {
    return null;
  }
  const slice = cell.beginParse(true);
  slice.skip(8);
  return slice.loadBuffer(32);
}

/** The hash of the code a contract runs: a library cell runs the library's code, so wallets deployed
 * through libraries match their version too. */
export function effectiveCodeHash(code: Cell): Buffer {
  return libraryHash(code) ?? code.hash();
}

export interface ClassifiedAccount {
  readonly kind: SeedAccountKind;
  readonly walletVersion?: WalletVersion;
  readonly publicKey?: Buffer;
  readonly walletId?: number;
  readonly owner?: Address;
  readonly jettonMaster?: Address;
  readonly index?: bigint;
}

/**
 * What kind of contract an account holds: wallets by code hash; otherwise the first get-method that
 * answers with the standard shape (TEP-74 Jetton wallet and minter, TEP-62 NFT item and collection, multisig
 * v2 wallet and order, vesting wallet); else unknown.
 * The blockchain must already hold the account, the config and the libraries (get-methods run on it).
 */
export async function classifyAccount(
  blockchain: Blockchain,
  address: Address,
  shardAccount: ShardAccount,
): Promise<ClassifiedAccount> {
  const state = shardAccount.account?.storage.state;
  if (state?.type !== 'active' || !state.state.code || !state.state.data) {
    return { kind: 'unknown' };
  }
  const { code, data } = state.state;
  const codeHash = effectiveCodeHash(code).toString('hex');
  const version = VERSIONED_WALLET_CODE.get(codeHash);
  if (version !== undefined) {
    return { kind: 'wallet', walletVersion: version, ...walletKeys(version, data) };
  }
  if (OTHER_WALLET_CODE.has(codeHash)) {
    return { kind: 'wallet' };
  }
  const jettonWallet = await tryGet(blockchain, address, 'get_wallet_data');
  if (
    jettonWallet?.[0]?.type === 'int' &&
    jettonWallet[1]?.type === 'slice' &&
    jettonWallet[2]?.type === 'slice'
  ) {
    return {
      kind: 'jetton-wallet',
      owner: jettonWallet[1].cell.beginParse().loadAddress(),
      jettonMaster: jettonWallet[2].cell.beginParse().loadAddress(),
    };
  }
  const minter = await tryGet(blockchain, address, 'get_jetton_data');
  if (minter?.length === 5 && minter[0]?.type === 'int') {
    return { kind: 'jetton-minter' };
  }
  const item = await tryGet(blockchain, address, 'get_nft_data');
  if (item?.length === 5 && item[1]?.type === 'int') {
    return { kind: 'nft-item', index: item[1].value };
  }
  const collection = await tryGet(blockchain, address, 'get_collection_data');
  if (collection?.length === 3 && collection[0]?.type === 'int') {
    return { kind: 'nft-collection' };
  }
  const multisig = await tryGet(blockchain, address, 'get_multisig_data');
  if (multisig?.length === 4 && multisig[0]?.type === 'int') {
    return { kind: 'multisig' };
  }
  const order = await tryGet(blockchain, address, 'get_order_data');
  if (order?.length === 9 && order[1]?.type === 'int') {
    return { kind: 'multisig-order', index: order[1].value };
  }
  const vesting = await tryGet(blockchain, address, 'get_vesting_data');
  if (vesting?.length === 8 && vesting[6]?.type === 'slice') {
    return { kind: 'vesting-wallet', owner: vesting[6].cell.beginParse().loadAddress() };
  }
  return { kind: 'unknown' };
}

/** Public key and wallet id as the wallet stores them (see storedWalletId for the layouts). */
function walletKeys(version: WalletVersion, data: Cell): { publicKey: Buffer; walletId: number } {
  const slice = data.beginParse();
  slice.skip(version === 'v5r1' ? 65 : 64);
  return { publicKey: slice.loadBuffer(32), walletId: storedWalletId(version, data) };
}

/** The stack of a get-method, or null when it does not exist or fails (a non-zero exit code). */
async function tryGet(
  blockchain: Blockchain,
  address: Address,
  method: string,
): Promise<TupleItem[] | null> {
  try {
    const result = await blockchain.runGetMethod(address, method);
    return result.exitCode === 0 ? result.stack : null;
  } catch (error: unknown) {
    // The sandbox throws GetMethodError on a non-zero exit code: the account lacks the method.
    if (error instanceof GetMethodError) {
      return null;
    }
    throw error;
  }
}
