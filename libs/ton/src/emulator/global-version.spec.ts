import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell, Dictionary } from '@ton/core';
import { Executor } from '@ton/sandbox/dist/executor/Executor';

import { configGlobalVersion, emulatorBehind, EMULATOR_MAX_GLOBAL_VERSION } from './global-version';

function configWith(param8: ReturnType<typeof beginCell> | undefined) {
  const dict = Dictionary.empty(Dictionary.Keys.Int(32), Dictionary.Values.Cell());
  dict.set(19, beginCell().storeInt(-239, 32).endCell());
  if (param8) {
    dict.set(8, param8.endCell());
  }
  return beginCell().storeDictDirect(dict).endCell();
}

void describe('ConfigParam 8 and the bundled emulator', () => {
  void it('reads the version of capabilities#c4', () => {
    const p8 = beginCell().storeUint(0xc4, 8).storeUint(14, 32).storeUint(0x1ben, 64);
    assert.equal(configGlobalVersion(configWith(p8)), 14);
    assert.equal(configGlobalVersion(configWith(undefined)), 0);
    assert.equal(configGlobalVersion(configWith(beginCell().storeUint(0xc5, 8))), 0);
  });

  void it('knows the emulator implements up to version 13, so 14 is newer', () => {
    assert.equal(EMULATOR_MAX_GLOBAL_VERSION, 13);
    assert.equal(emulatorBehind(13), false);
    assert.equal(emulatorBehind(14), true);
  });

  void it('is the emulator build the constant was read from', async () => {
    const executor = await Executor.create();
    assert.deepEqual(executor.getVersion(), {
      commitHash: 'f801e1c1a4ddb5abf41033f51a7c74ab72dfdc07',
      commitDate: '2025-12-05 10:44:12 +0300',
    });
  });
});
