import { type Cell, Dictionary } from '@ton/core';

/**
 * The newest global version (ConfigParam 8) the bundled emulator implements: @ton/sandbox 0.41's
 * WASM build reports (Executor.getVersion) ton-blockchain/ton commit
 * f801e1c1a4ddb5abf41033f51a7c74ab72dfdc07, whose common/global-version.h has
 * `constexpr int SUPPORTED_VERSION = 13`. A network that enabled a newer version may run TVM and fee
 * rules this emulator does not know, so its own answers there are approximate.
 */
export const EMULATOR_MAX_GLOBAL_VERSION = 13;

/**
 * `version` of ConfigParam 8 (`capabilities#c4 version:uint32 capabilities:uint64 = GlobalVersion;`)
 * in a config dictionary (`Hashmap 32 ^Cell` root), or 0 when the param is absent or not of that form.
 */
export function configGlobalVersion(config: Cell): number {
  const dict = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), config);
  const s = dict.get(8)?.beginParse();
  if (!s || s.remainingBits < 8 + 32 || s.loadUint(8) !== 0xc4) {
    return 0;
  }
  return s.loadUint(32);
}

/** True when the network's global version is newer than the emulator implements. */
export function emulatorBehind(globalVersion: number): boolean {
  return globalVersion > EMULATOR_MAX_GLOBAL_VERSION;
}
