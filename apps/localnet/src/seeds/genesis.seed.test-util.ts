/**
 * The genesis seed run once for its spec, with the clock fixed, and the addresses and balances it
 * must leave: every address is fixed by the fixed keys and contract code.
 */
import assert from 'node:assert/strict';
import { before } from 'node:test';
import { type Address, type Transaction } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { inboundBody } from '../contracts';
import { emulatorSeedContext } from './emulator-seed-context';
import { GenesisSeed } from './genesis.seed';
import type { SeedAccount } from './seed-context';

/** The genesis accounts: every address is fixed by the fixed keys and contract code. */
export const EXPECTED_ADDRESSES: Record<string, string> = {
  treasury: '0:4f97a4a2e4038ff755dec46387a903b5f39147774751c492ab76e00203c38ed1',
  'wallet-v3r2': '0:951d9491551247485805dd475b3e774d507307285af3bf25da7b0a76c4bc3f8e',
  'wallet-v4r2': '0:ef5749114f6d5936296ee1a57dd048a43edb35e1c865568c5a5c660c8d371810',
  'wallet-v5r1': '0:47c27015bd8934d7d1689fcbbf6ff987ec966ce20afef92ff5ee32846f2d0a3d',
  'jetton-minter': '0:db218d0a0a9131c27f0c9f61124030a001ed5ddc9aca71868682ed623aea11c8',
  'jetton-wallet-v3r2': '0:374ffd1feb6994cb67245799f2bfa5335a7ab818e0b6bd93cce29a980b6ba933',
  'jetton-wallet-v4r2': '0:77c54ec59c47ab27365170d198bb4c44d9563c9e2b1437d06727c0e4e4ae9135',
  'nft-collection': '0:b61111239ab29a28dbab1110a76e191f640014350383c4751a5f8fd923ca732e',
  'nft-item-0': '0:6c17685a355754807cd28b54e56aae3ffc5882008b0777e97b0d2d02bf42aec4',
  'nft-item-1': '0:088f7e448a6f737e6bb0fcb25f540e9f49a1c63a6b977e54b0e3dd4ceec71ea9',
  'dns-localnet': '0:b7e6796f1081765ab63e68458ff347f32f230b12491257058f21ca72e475b925',
  'vesting-wallet': '0:97e1d7d50edef3d9288b573844b0c76294ce78ef6a646a0e04ed813630321a9b',
  multisig: '0:d7a145e143ac2e01d616c788dbfa788af43f2bf16e86034506a8970f635538d5',
  'multisig-order-0': '0:420bd60808a62477cbdad93dc9914ab04691d76e992b0c8154ff01c84fcb94ed',
  'nft-item-2': '0:65a20b06d2f4f569d532ba226606fda1d162926827f750e32c2138d36d6ed052',
  'nft-item-3': '0:4a9789cd228d72c05091c8a16c244fc831695ac92056ffc8b801e215e82aed80',
  'nft-sale-listed': '0:88480e5803b4909a012c71cc8b9a0b9c0c8c6e6cfd115a721cade01bcd6e27da',
  'nft-sale-sold': '0:0a33ac7b1929f4af7ade0a797b39f45373290ff67d2b0596dc6209d2b8e8d931',
};

/** TON balances after genesis with the emulator's clock fixed at NOW (storage fees depend on time). */
export const NOW = 1_800_000_000;
export const EXPECTED_BALANCES: Record<string, bigint> = {
  'wallet-v3r2': 84_372_557_451n,
  'wallet-v4r2': 100_918_351_990n,
  'wallet-v5r1': 100_392_434_916n,
  'jetton-minter': 86_781_600n,
  'jetton-wallet-v3r2': 22_066_800n,
  'jetton-wallet-v4r2': 35_169_754n,
  'nft-collection': 239_774_400n,
  'nft-item-0': 46_997_610n,
  'nft-item-1': 59_096_000n,
  'dns-localnet': 98_860_400n,
  'vesting-wallet': 8_996_510_400n,
  multisig: 4_283_146_800n,
  'multisig-order-0': 0n,
};

/** The genesis seed's run for the whole suite, on an emulator with the clock fixed at NOW. */
export interface GenesisRun {
  readonly blockchain: Blockchain;
  readonly accounts: SeedAccount[];
  /** Every transaction of the run, in execution order. */
  readonly transactions: Transaction[];
  readonly account: (name: string) => SeedAccount;
  readonly address: (name: string) => Address;
  /** Internal transactions from → to, in execution order. */
  readonly between: (from: string, to: string) => Transaction[];
  /** The text comment of a transaction's inbound message. */
  readonly commentOf: (tx: Transaction) => string;
}

/** Registers a `before` hook that runs the genesis seed; the run is read once the suite started. */
export function runGenesisForSuite(): GenesisRun {
  let blockchain: Blockchain | undefined;
  let accounts: SeedAccount[] | undefined;
  const transactions: Transaction[] = [];
  const started = <T>(value: T | undefined): T => {
    assert.ok(value !== undefined, 'the genesis run is read before the suite started it');
    return value;
  };
  const account = (name: string): SeedAccount => {
    const found = started(accounts).find((a) => a.name === name);
    assert.ok(found, `account ${name}`);
    return found;
  };
  const address = (name: string): Address => account(name).address;
  before(async () => {
    blockchain = await Blockchain.create();
    blockchain.now = NOW;
    const ctx = emulatorSeedContext(blockchain, { onTransaction: (tx) => transactions.push(tx) });
    accounts = await new GenesisSeed().run(ctx);
  });
  return {
    get blockchain() {
      return started(blockchain);
    },
    get accounts() {
      return started(accounts);
    },
    transactions,
    account,
    address,
    between: (from, to) =>
      transactions.filter((tx) => {
        const info = tx.inMessage?.info;
        return (
          info?.type === 'internal' &&
          info.src.equals(address(from)) &&
          info.dest.equals(address(to))
        );
      }),
    commentOf: (tx) => {
      const body = inboundBody(tx);
      assert.equal(body.loadUint(32), 0);
      return body.loadStringTail();
    },
  };
}
