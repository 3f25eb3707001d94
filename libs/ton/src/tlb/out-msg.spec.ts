import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell } from '@ton/core';

import { type InMsg } from './in-msg';
import { msgEnvelopeCell } from './msg-envelope';
import {
  envelopeOf,
  externalInCell,
  internalCell,
  transactionCell,
} from './msg-test-cells.test-util';
import { type OutMsg, exportedValueOf, loadOutMsg, storeOutMsg } from './out-msg';

function roundTrip(m: OutMsg): OutMsg | undefined {
  const b = beginCell();
  storeOutMsg(m, b);
  return loadOutMsg(b.endCell().beginParse());
}

const envelope = envelopeOf(internalCell(1000n, 5n), 20n);
const reimport: InMsg = {
  kind: 'imm',
  envelope,
  transaction: transactionCell(2),
  fwdFee: 30n,
  value: 1005n,
};

void describe('OutMsg', () => {
  void it('loads what storeOutMsg stores, for every modelled form', () => {
    const forms: OutMsg[] = [
      { kind: 'ext', message: externalInCell(0n), transaction: transactionCell(1) },
      { kind: 'new', envelope, transaction: transactionCell(2), value: 1005n },
      { kind: 'imm', envelope, transaction: transactionCell(2), reimport },
      { kind: 'deqImm', envelope, reimport: { ...reimport, kind: 'fin' } },
      {
        kind: 'deqShort',
        envelopeHash: Buffer.alloc(32, 9),
        nextWorkchain: -1,
        nextAddrPfx: 0x8000000000000000n,
        importBlockLt: 123n,
      },
    ];
    for (const m of forms) {
      assert.deepEqual(roundTrip(m), m);
    }
  });

  void it('counts value + ihr_fee + fwd_fee_remaining as exported by msg_export_new only', () => {
    assert.equal(
      exportedValueOf({ kind: 'new', envelope, transaction: transactionCell(2), value: 1005n }),
      1025n,
    );
    assert.equal(
      exportedValueOf({ kind: 'imm', envelope, transaction: transactionCell(2), reimport }),
      0n,
    );
  });

  void it('leaves the slice untouched for the forms it does not model', () => {
    const env = msgEnvelopeCell(envelope);
    const forms = [
      beginCell().storeUint(0b011, 3).storeRef(env).storeRef(env),
      beginCell().storeUint(0b1100, 4).storeRef(env).storeUint(5, 63),
      beginCell().storeUint(0b111, 3).storeRef(env).storeRef(env),
      beginCell().storeUint(0b10100, 5).storeRef(env).storeRef(transactionCell(1)),
      beginCell().storeUint(0b10101, 5).storeRef(env).storeRef(env),
    ];
    for (const form of forms) {
      const s = form.endCell().beginParse();
      const bits = s.remainingBits;
      assert.equal(loadOutMsg(s), undefined);
      assert.equal(s.remainingBits, bits);
    }
  });

  void it('refuses a tag that is no OutMsg', () => {
    const bad = beginCell().storeUint(0b10110, 5).endCell().beginParse();
    assert.throws(() => loadOutMsg(bad), /OutMsg: bad tag 10110/);
  });
});
