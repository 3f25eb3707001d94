import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell, type Cell } from '@ton/core';
import { decodedInitState, decodedMessageBody, decodedOpcodeName } from './message-decoding';

const boc = (c: Cell): string => c.toBoc({ idx: false, crc32: true }).toString('base64');

void describe('v3 message decoding', () => {
  void it('names known opcodes only (signed int32 as stored)', () => {
    assert.equal(decodedOpcodeName(0x0f8a7ea5), 'jetton_transfer');
    assert.equal(decodedOpcodeName(0xd53276db | 0), 'excess');
    assert.equal(decodedOpcodeName(0x12345678), null);
    assert.equal(decodedOpcodeName(null), null);
  });

  void it('renders a text comment in toncenter back-compat shape', () => {
    const body = boc(beginCell().storeUint(0, 32).storeStringTail('hi there').endCell());
    assert.deepEqual(decodedMessageBody(body, 0), {
      type: 'text_comment',
      '@type': 'text_comment',
      comment: 'hi there',
    });
  });

  void it('renders other bodies as the registry JSON; unknown or broken ones as null', () => {
    const excess = boc(beginCell().storeUint(0xd53276db, 32).storeUint(7, 64).endCell());
    assert.deepEqual(decodedMessageBody(excess, 0xd53276db | 0), {
      '@type': 'excess',
      query_id: '7',
    });
    const unknown = boc(beginCell().storeUint(0x12345678, 32).endCell());
    assert.equal(decodedMessageBody(unknown, 0x12345678), null);
    const short = boc(beginCell().storeUint(0xd53276db, 32).storeUint(7, 8).endCell());
    assert.equal(decodedMessageBody(short, 0xd53276db | 0), null);
    assert.equal(decodedMessageBody('not a boc', 0), null);
    assert.equal(decodedMessageBody(null, 0), null);
  });

  void it('decodes an init state as StateInit', () => {
    const code = beginCell().storeUint(0xff, 8).endCell();
    const data = beginCell().storeUint(1, 32).endCell();
    const si = beginCell().storeBit(0).storeBit(0).storeMaybeRef(code).storeMaybeRef(data);
    assert.deepEqual(decodedInitState(boc(si.storeBit(0).endCell())), {
      '@type': 'state_init',
      split_depth: null,
      special: null,
      code: boc(code),
      data: boc(data),
      library: null,
    });
    assert.equal(decodedInitState(null), null);
  });
});
