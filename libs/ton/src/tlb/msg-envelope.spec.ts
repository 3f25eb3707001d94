import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell } from '@ton/core';

import { type MsgMetadata, carriedValueOf, loadMsgEnvelope, msgEnvelopeCell } from './msg-envelope';
import { SRC, envelopeOf, internalCell } from './msg-test-cells.test-util';

void describe('MsgEnvelope', () => {
  void it('loads what msgEnvelopeCell stores as msg_envelope#4', () => {
    const envelope = envelopeOf(internalCell(1000n, 5n), 42n);
    const cell = msgEnvelopeCell(envelope);
    assert.equal(cell.beginParse().preloadUint(4), 0x4);
    const sut = loadMsgEnvelope(cell);
    assert.deepEqual(sut, envelope);
    assert.equal(msgEnvelopeCell(sut).hash().toString('hex'), cell.hash().toString('hex'));
  });

  void it('loads what msgEnvelopeCell stores as msg_envelope_v2#5 (emitted_lt, metadata)', () => {
    const metadata = { depth: 3, initiator: SRC, initiatorLt: 77n };
    for (const extra of [{ emittedLt: 9n }, { metadata }, { emittedLt: 9n, metadata }]) {
      const envelope = { ...envelopeOf(internalCell(1n, 0n)), ...extra };
      const cell = msgEnvelopeCell(envelope);
      assert.equal(cell.beginParse().preloadUint(4), 0x5);
      const sut = loadMsgEnvelope(cell);
      assert.equal(sut.emittedLt, envelope.emittedLt);
      assert.deepEqual(plain(sut.metadata), plain(envelope.metadata));
      assert.equal(msgEnvelopeCell(sut).hash().toString('hex'), cell.hash().toString('hex'));
    }
  });

  void it('gives the value + ihr_fee its internal message carries', () => {
    assert.equal(carriedValueOf(envelopeOf(internalCell(1000n, 5n))), 1005n);
  });

  void it('refuses a cell that is no MsgEnvelope, and non-regular intermediate addresses', () => {
    assert.throws(() => loadMsgEnvelope(beginCell().storeUint(0x6, 4).endCell()), /bad tag/);
    const simple = beginCell().storeUint(0x4, 4).storeUint(0b10, 2).storeInt(0, 8).endCell();
    assert.throws(() => loadMsgEnvelope(simple), /interm_addr_regular/);
  });
});

function plain(m: MsgMetadata | undefined): object | undefined {
  return m && { ...m, initiator: m.initiator.toRawString() };
}
