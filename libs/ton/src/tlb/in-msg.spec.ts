import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell } from '@ton/core';

import { type InMsg, importFeesOf, inMsgCell, loadInMsg } from './in-msg';
import { msgEnvelopeCell } from './msg-envelope';
import {
  envelopeOf,
  externalInCell,
  internalCell,
  transactionCell,
} from './msg-test-cells.test-util';

const roundTrip = (m: InMsg): InMsg | undefined => loadInMsg(inMsgCell(m).beginParse());

void describe('InMsg', () => {
  void it('loads msg_import_ext with the import_fee of its message', () => {
    const m: InMsg = {
      kind: 'ext',
      message: externalInCell(11n),
      transaction: transactionCell(1),
      importFee: 11n,
    };
    assert.deepEqual(roundTrip(m), m);
    assert.deepEqual(importFeesOf(m), { feesCollected: 11n, valueImported: 0n });
  });

  void it('loads msg_import_imm and msg_import_fin with the value their message carries', () => {
    for (const kind of ['imm', 'fin'] as const) {
      const m: InMsg = {
        kind,
        envelope: envelopeOf(internalCell(1000n, 5n), 20n),
        transaction: transactionCell(2),
        fwdFee: 30n,
        value: 1005n,
      };
      assert.deepEqual(roundTrip(m), m);
    }
  });

  void it('leaves the slice untouched for the forms it does not model', () => {
    const env = msgEnvelopeCell(envelopeOf(internalCell(1n, 0n)));
    const forms = [
      beginCell().storeUint(0b010, 3).storeRef(env).storeRef(env).storeCoins(1).storeRef(env),
      beginCell().storeUint(0b101, 3).storeRef(env).storeRef(env).storeCoins(1),
      beginCell().storeUint(0b110, 3).storeRef(env).storeUint(5, 64).storeCoins(1),
      beginCell().storeUint(0b111, 3).storeRef(env).storeUint(5, 64).storeCoins(1).storeRef(env),
      beginCell().storeUint(0b00100, 5).storeRef(env).storeRef(env).storeCoins(1),
      beginCell().storeUint(0b00101, 5).storeRef(env).storeRef(env),
    ];
    for (const form of forms) {
      const s = form.endCell().beginParse();
      const bits = s.remainingBits;
      assert.equal(loadInMsg(s), undefined);
      assert.equal(s.remainingBits, bits);
    }
  });

  void it('refuses a tag that is no InMsg', () => {
    const bad = beginCell().storeUint(0b00110, 5).endCell().beginParse();
    assert.throws(() => loadInMsg(bad), /InMsg: bad tag 00110/);
  });
});
