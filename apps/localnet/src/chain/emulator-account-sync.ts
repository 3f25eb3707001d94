import type { Address, Cell, ShardAccount } from '@ton/core';
import type { Blockchain, LocalBlockchainStorage, SmartContract } from '@ton/sandbox';

import { CellInterner, shardAccountEntry } from '@app/ton';

import type { ChainWork } from './block-assembler';
import { accountIdOf, type ShardChain } from './shard-chain';

/**
 * Carries the emulator's accounts into the chains' ShardAccounts tries: the accounts transactions
 * touched, and — at the start of a seal — every account changed outside transactions (sandbox
 * treasuries, setShardAccount), whose balance change is booked as minted or exported value.
 */
export class EmulatorAccountSync {
  private readonly seenObjects = new WeakMap<SmartContract, ShardAccount>();
  /** Shares code and data cells between the account versions every block keeps. */
  private readonly cellInterner = new CellInterner();

  /**
   * @param storage the emulator's account storage when the chain created the emulator (it can then
   *   scan every account); undefined for an emulator given to the chain.
   */
  constructor(
    private readonly blockchain: Blockchain,
    private readonly storage: LocalBlockchainStorage | undefined,
    private readonly chains: () => readonly ShardChain[],
  ) {}

  /** Puts changed emulator accounts (all known ones, or only the touched ones) into ShardAccounts. */
  async sync(
    touched: Map<string, Address>,
    work: Map<ShardChain, ChainWork>,
    all: boolean,
  ): Promise<void> {
    for (const sc of await this.knownContracts(touched.values(), all)) {
      const sa: ShardAccount = sc.account;
      // The emulator replaces the parsed ShardAccount object whenever the account changes.
      if (this.seenObjects.get(sc) === sa) {
        continue;
      }
      this.seenObjects.set(sc, sa);
      const chain = this.chains().find((c) => c.contains(sc.address));
      if (!chain) {
        continue;
      }
      const id = accountIdOf(sc.address);
      if (chain.seen.get(id) === sa) {
        continue;
      }
      chain.seen.set(id, sa);
      const w = work.get(chain);
      if (!w) {
        continue;
      }
      const before = chain.accounts.get(id);
      const entry = shardAccountEntry(sa, this.cellInterner);
      const remember = (c: Cell): void => {
        w.oldKeep.add(c.hash().toString('hex'));
      };
      if (entry && before?.account.hash().equals(entry.account.hash())) {
        continue;
      }
      chain.accounts = entry
        ? chain.accounts.set(id, entry, remember)
        : chain.accounts.delete(id, remember);
      if (before) {
        w.oldKeep.add(before.account.hash().toString('hex'));
      }
      if (!touched.has(sc.address.toRawString())) {
        const delta = (entry?.balance ?? 0n) - (before?.balance ?? 0n);
        if (delta > 0n) {
          w.minted += delta;
        } else {
          w.burned -= delta;
        }
      }
    }
  }

  /** All emulator accounts (when the chain owns the storage and `all` is set), else the touched ones. */
  private knownContracts(
    touched: Iterable<Address>,
    all: boolean,
  ): Promise<SmartContract[]> | SmartContract[] {
    if (this.storage && all) {
      return this.storage.knownContracts();
    }
    return Promise.all([...touched].map((a) => this.blockchain.getContract(a)));
  }
}
