import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  Address,
  beginCell,
  type Cell,
  ExternalAddress,
  loadMessage,
  type Message,
  type StateInit,
  storeMessage,
  storeStateInit,
} from '@ton/core';
import { normalizedExternalHash } from '../message';
import { flattenMessage, messageContextOf } from './message.flattener';

const A = Address.parse('0:' + '11'.repeat(32));
const B = Address.parse('-1:' + 'ab'.repeat(32));
const b64 = (c: Cell): string => c.hash().toString('base64');
const v3 = messageContextOf(3);
const v12 = messageContextOf(12);

function internalMessage(body: Cell, init?: StateInit): Message {
  return {
    info: {
      type: 'internal',
      ihrDisabled: true,
      bounce: true,
      bounced: false,
      src: A,
      dest: B,
      value: { coins: 1_000_000_000n },
      ihrFee: 3n,
      forwardFee: 666_672n,
      createdLt: 55n,
      createdAt: 1_700_000_000,
    },
    init: init ?? null,
    body,
  };
}

/** Serialises then re-reads a message, as loadTransaction gives it. */
function roundTrip(m: Message, forceRef = false): { cell: Cell; message: Message } {
  const cell = beginCell().store(storeMessage(m, { forceRef })).endCell();
  return { cell, message: loadMessage(cell.beginParse()) };
}

void describe('flattenMessage', () => {
  void it('flattens an internal message with an inline body: opcode, body cell and fees', () => {
    const body = beginCell().storeUint(0xffffffff, 32).storeUint(7, 64).endCell();
    const { cell, message } = roundTrip(internalMessage(body));
    assert.equal(cell.refs.length, 0); // the body is inline
    const sut = flattenMessage(cell, message, 'in', v3);
    assert.equal(sut.hash, b64(cell));
    assert.equal(sut.opcode, -1);
    assert.equal(sut.bodyHash, b64(body));
    assert.equal(sut.bodyBoc, body.toBoc({ idx: false, crc32: true }).toString('base64'));
    assert.equal(sut.source, '0:' + '11'.repeat(32));
    assert.equal(sut.destination, '-1:' + 'AB'.repeat(32));
    assert.equal(sut.value, 1_000_000_000n);
    assert.deepEqual(sut.valueExtraCurrencies, {});
    assert.equal(sut.fwdFee, 666_672n);
    assert.equal(sut.ihrFee, 3n);
    assert.equal(sut.extraFlags, null);
    assert.equal(sut.createdLt, 55n);
    assert.equal(sut.bounce, true);
    assert.equal(sut.importFee, null);
    assert.equal(sut.hashNorm, null);
    assert.equal(sut.initStateHash, null);
  });

  void it('reads the ihr_fee field as extra_flags from global version 12', () => {
    const { cell, message } = roundTrip(internalMessage(beginCell().endCell()));
    const sut = flattenMessage(cell, message, 'out', v12);
    assert.equal(sut.ihrFee, 0n);
    assert.equal(sut.extraFlags, 3n);
    assert.equal(sut.opcode, null);
    assert.equal(sut.direction, 'out');
  });

  void it('gives the StateInit cell whether it is inline or in a reference', () => {
    const init: StateInit = {
      code: beginCell().storeUint(1, 8).endCell(),
      data: beginCell().storeUint(2, 8).endCell(),
    };
    const initCell = beginCell().store(storeStateInit(init)).endCell();
    const body = beginCell().storeUint(0x12345678, 32).endCell();
    for (const forceRef of [false, true]) {
      const { cell, message } = roundTrip(internalMessage(body, init), forceRef);
      const sut = flattenMessage(cell, message, 'in', v3);
      assert.equal(sut.initStateHash, b64(initCell), `forceRef ${forceRef}`);
      assert.equal(
        sut.initStateBoc,
        initCell.toBoc({ idx: false, crc32: true }).toString('base64'),
      );
      assert.equal(sut.opcode, 0x12345678);
      assert.equal(sut.bodyHash, b64(body));
    }
  });

  void it('gives hash_norm for an external-in message that is not in normal form', () => {
    const body = beginCell().storeUint(0xdeadbeef, 32).endCell();
    const ext: Message = {
      info: { type: 'external-in', src: new ExternalAddress(5n, 8), dest: A, importFee: 9n },
      init: null,
      body,
    };
    const { cell, message } = roundTrip(ext);
    const sut = flattenMessage(cell, message, 'in', v12);
    assert.equal(sut.hashNorm, normalizedExternalHash(cell).toString('base64'));
    assert.notEqual(sut.hashNorm, sut.hash);
    assert.equal(sut.source, null);
    assert.equal(sut.importFee, 9n);
    assert.equal(sut.value, null);
    assert.equal(sut.ihrFee, null);
    assert.equal(sut.extraFlags, null);
    assert.equal(sut.opcode, 0xdeadbeef | 0);
  });

  void it('gives no hash_norm for an external-in message already in normal form', () => {
    const ext: Message = {
      info: { type: 'external-in', src: null, dest: A, importFee: 0n },
      init: null,
      body: beginCell().storeUint(1, 32).endCell(),
    };
    const { cell, message } = roundTrip(ext, true);
    assert.equal(flattenMessage(cell, message, 'in', v3).hashNorm, null);
  });

  void it('flattens an external-out message: no destination', () => {
    const ext: Message = {
      info: {
        type: 'external-out',
        src: B,
        dest: new ExternalAddress(1n, 2),
        createdLt: 9n,
        createdAt: 10,
      },
      init: null,
      body: beginCell().storeUint(0, 31).endCell(),
    };
    const { cell, message } = roundTrip(ext);
    const sut = flattenMessage(cell, message, 'out', v3);
    assert.equal(sut.source, '-1:' + 'AB'.repeat(32));
    assert.equal(sut.destination, null);
    assert.equal(sut.createdLt, 9n);
    assert.equal(sut.createdAt, 10);
    assert.equal(sut.opcode, null);
    assert.equal(sut.fwdFee, null);
  });
});
