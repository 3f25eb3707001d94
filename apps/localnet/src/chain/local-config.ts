import { beginCell, type Cell, Dictionary } from '@ton/core';

import { validatorSetCell } from '@app/ton';

import type { LocalValidator } from './local-validators';

/** Reads the config address (param 0) of a config dictionary. */
export function configAddress(config: Cell): Buffer {
  const dict = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), config);
  const p0 = dict.get(0);
  return p0 ? p0.beginParse().loadBuffer(32) : Buffer.alloc(32, 0x55);
}

/**
 * ConfigParams 32, 33, 35, 36 and 37: the previous, temporary and next validator sets (block.tlb
 * `prev_validators`, `prev_temp_validators`, `cur_temp_validators`, `next_validators`,
 * `next_temp_validators`). The base configs (the emulator's, mainnet's) carry mainnet's, ~35 KB each
 * for 32 and 36: validators that never sign a local block, and most of the config the emulator parses
 * again for every get-method (the config string is its argument). A local network holds no elections:
 * its one set is ConfigParam 34.
 */
const FOREIGN_VALIDATOR_SETS = [32, 33, 35, 36, 37];

/**
 * The local network's config: the emulator's config with ConfigParam 19 (global_id) set to the local
 * network id, ConfigParam 8's version replaced when asked, ConfigParam 34 (cur_validators) replaced by the local validator set and the other
 * validator sets removed.
 */
export function localConfig(
  base: Cell,
  globalId: number,
  validators: readonly LocalValidator[],
  utimeSince: number,
  globalVersionOverride?: number,
): Cell {
  const dict = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), base);
  // _ global_id:int32 = ConfigParam 19;
  dict.set(19, beginCell().storeInt(globalId, 32).endCell());
  if (globalVersionOverride !== undefined) {
    // A network newer than the emulator (mainnet enabled 14 while the emulator implements 13), to
    // test what the services do then; the capabilities stay the base config's.
    const capabilities = globalVersion(beginCell().storeDictDirect(dict).endCell())?.capabilities;
    dict.set(
      8,
      beginCell()
        .storeUint(0xc4, 8)
        .storeUint(globalVersionOverride, 32)
        .storeUint(capabilities ?? 0n, 64)
        .endCell(),
    );
  }
  for (const param of FOREIGN_VALIDATOR_SETS) {
    dict.delete(param);
  }
  dict.set(
    34,
    validatorSetCell(
      validators.map((v) => v.descr),
      utimeSince,
      utimeSince + 10 * 365 * 86400,
    ),
  );
  return beginCell().storeDictDirect(dict).endCell();
}

/** block_grams_created#6b masterchain_block_fee:Grams basechain_block_fee:Grams = ConfigParam 14. */
export function blockCreateFees(config: Cell): { masterchain: bigint; basechain: bigint } {
  const dict = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), config);
  const p14 = dict.get(14);
  if (!p14) {
    return { masterchain: 0n, basechain: 0n };
  }
  const s = p14.beginParse();
  if (s.loadUint(8) !== 0x6b) {
    return { masterchain: 0n, basechain: 0n };
  }
  return { masterchain: s.loadCoins(), basechain: s.loadCoins() };
}

/** capabilities#c4 version:uint32 capabilities:uint64 = GlobalVersion; (ConfigParam 8). */
export function globalVersion(config: Cell): { version: number; capabilities: bigint } | undefined {
  const dict = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), config);
  const p8 = dict.get(8);
  if (!p8) {
    return undefined;
  }
  const s = p8.beginParse();
  if (s.loadUint(8) !== 0xc4) {
    return undefined;
  }
  return { version: s.loadUint(32), capabilities: s.loadUintBig(64) };
}
