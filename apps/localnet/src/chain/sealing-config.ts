import type { Cell } from '@ton/core';
import type { Blockchain } from '@ton/sandbox';

import { blockCreateFees, configAddress, globalVersion, localConfig } from './local-config';
import type { LocalValidator } from './local-validators';

/** Values read from the config for every block. */
export interface ConfigFacts {
  /** ConfigParam 14: the block creation rewards. */
  readonly fees: { masterchain: bigint; basechain: bigint };
  /** ConfigParam 8: the gen_software of block headers. */
  readonly genSoftware: { version: number; capabilities: bigint } | undefined;
  /** ConfigParam 0: the config contract's address. */
  readonly address: Buffer;
}

/** What the chain keeps of its own in every config it installs (local-config.ts). */
export interface ChainIdentity {
  readonly globalId: number;
  readonly validators: readonly LocalValidator[];
  readonly startTime: number;
  readonly globalVersion: number | undefined;
}

/**
 * The config the next block is sealed under, installed on the emulator. A new base config — given
 * to setBaseConfig, or set on the emulator directly with blockchain.setConfig — keeps the chain's
 * global id and validators and makes the next masterchain block a key block carrying it.
 */
export class SealingConfig {
  private config: Cell;
  /** The emulator config string last installed by the chain (detects direct setConfig calls). */
  private installedBase64: string;
  private changed = false;
  private factsCache?: { config: Cell; facts: ConfigFacts };

  constructor(
    private readonly blockchain: Blockchain,
    private readonly identity: ChainIdentity,
    config: Cell,
  ) {
    this.config = config;
    this.installedBase64 = blockchain.configBase64;
  }

  get current(): Cell {
    return this.config;
  }

  /** The emulator's form of `current` (a base64 BoC). */
  get base64(): string {
    return this.installedBase64;
  }

  /** Whether the config changed since the last key block (the next block will be one). */
  get changedSinceKeyBlock(): boolean {
    return this.changed;
  }

  /** Installs a new base config: the chain's own params go into it (local-config.ts). */
  adopt(base: Cell): void {
    const { globalId, validators, startTime, globalVersion: version } = this.identity;
    this.config = localConfig(base, globalId, validators, startTime, version);
    this.blockchain.setConfig(this.config);
    this.installedBase64 = this.blockchain.configBase64;
    this.changed = true;
  }

  /**
   * At the start of a seal: adopts a config set on the emulator directly as the new base, then
   * says whether this block is a key block (the config changed since the last one) and clears that.
   */
  takeKeyBlockMark(): boolean {
    if (this.blockchain.configBase64 !== this.installedBase64) {
      this.adopt(this.blockchain.config);
    }
    const keyBlock = this.changed;
    this.changed = false;
    return keyBlock;
  }

  /** Puts a snapshot's config back (already installed on the restored emulator). */
  restore(config: Cell, changedSinceKeyBlock: boolean): void {
    this.config = config;
    this.installedBase64 = this.blockchain.configBase64;
    this.changed = changedSinceKeyBlock;
  }

  /** The facts every block reads from the current config, parsed once per config. */
  facts(): ConfigFacts {
    const config = this.config;
    if (this.factsCache?.config !== config) {
      this.factsCache = {
        config,
        facts: {
          fees: blockCreateFees(config),
          genSoftware: globalVersion(config),
          address: configAddress(config),
        },
      };
    }
    return this.factsCache.facts;
  }
}
