import { beginCell, type Cell, Dictionary, type Message } from '@ton/core';
import type { Blockchain } from '@ton/sandbox';

import type { SeedContext } from './seed-context';

/** What the seeds need from a chain: LocalChain has this shape. */
export interface SeedableChain {
  readonly blockchain: Blockchain;
  submit(message: Message): void;
  settle(): Promise<void>;
  /** Rebuilds the chain's config on a new base, keeping the chain's own global id and validators. */
  setBaseConfig?(config: Cell): void;
}

/** ConfigParams that belong to the chain itself: 19 (global_id) and 34 (cur_validators). */
const CHAIN_OWN_PARAMS = [19, 34] as const;

/**
 * The emulator config for a new base: the base's params with the chain's own global id and validator set
 * (ConfigParam 19 and 34) kept from the current config, so the chain still signs its blocks with
 * validators its config names.
 */
export function rebaseConfig(current: Cell, base: Cell): Cell {
  const keys = Dictionary.Keys.Int(32);
  const ownParams = Dictionary.loadDirect(keys, Dictionary.Values.Cell(), current);
  const next = Dictionary.loadDirect(keys, Dictionary.Values.Cell(), base);
  for (const param of CHAIN_OWN_PARAMS) {
    const value = ownParams.get(param);
    if (value !== undefined) {
      next.set(param, value);
    }
  }
  return beginCell().storeDictDirect(next).endCell();
}

/**
 * The SeedContext of a local chain: messages go into the chain's blocks, settle seals until they landed.
 * A new base config goes through the chain's setBaseConfig when it has one; otherwise only the emulator
 * gets it (rebased on the chain's global id and validators), and the config the blocks carry is unchanged.
 */
export function seedContextFor(chain: SeedableChain): SeedContext {
  return {
    blockchain: chain.blockchain,
    submit: (message: Message): void => {
      chain.submit(message);
    },
    settle: (): Promise<void> => chain.settle(),
    setBaseConfig: (config: Cell): void => {
      if (chain.setBaseConfig) {
        chain.setBaseConfig(config);
      } else {
        chain.blockchain.setConfig(rebaseConfig(chain.blockchain.config, config));
      }
    },
  };
}
