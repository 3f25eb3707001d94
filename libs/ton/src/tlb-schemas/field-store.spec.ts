import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell, type Cell } from '@ton/core';
import {
  address,
  bytes,
  choice,
  coins,
  dict,
  maybe,
  payload,
  ref,
  rest,
  text,
  uint,
  uint64,
  when,
} from './field-type';
import { loadBody } from './field-load';
import { storeFields } from './field-store';
import { tlb } from './tlb-constructor';
import { VESTING } from './schemas/vesting.schema';

void describe('storeFields', () => {
  void it('builds the body that loadFields reads back', () => {
    const k = tlb('round_trip', 0x0badcafe, {
      query_id: uint64,
      amount: coins,
      who: address,
      nobody: address,
      has_extra: uint(1),
      extra: when('has_extra', uint(16)),
      asset: choice(4, { 0: ['native', {}], 1: ['jetton', { id: uint(8) }] }),
      note: maybe(ref({ memo: text })),
      inner: ref({ blob: bytes }),
      table: dict,
      tail: rest,
    });
    const values = {
      query_id: 2n ** 63n,
      amount: 5n,
      who: `-1:${'3'.repeat(64)}`,
      nobody: null,
      has_extra: 1,
      extra: 513,
      asset: { '@type': 'jetton' as const, id: 7 },
      note: { memo: 'x'.repeat(300) },
      inner: { blob: Buffer.from('0102', 'hex') },
      table: beginCell().storeUint(1, 1).endCell(),
      tail: beginCell().storeUint(3, 2).endCell(),
    };
    const body = storeFields(k, values);
    assert.equal(body.beginParse().preloadUint(32), 0x0badcafe);
    const back = loadBody(k, body);
    assert.equal(back.note?.memo, values.note.memo);
    assert.equal(back.table?.equals(values.table), true);
    assert.equal(back.tail?.equals(values.tail), true);
    assert.deepEqual({ ...back, table: null, tail: null }, { ...values, table: null, tail: null });
  });

  void it('gives the exact bits a hand-built body has', () => {
    const message = beginCell().storeUint(0, 1).endCell();
    const byHand = beginCell()
      .storeUint(0xa7733acd, 32)
      .storeUint(11, 64)
      .storeUint(3, 8)
      .storeRef(message)
      .endCell();
    // a variable, not an inline literal: contextually typing a literal against the inferred field
    // types exceeds TypeScript's instantiation depth
    const values = { query_id: 11n, send_mode: 3, message };
    const declared = storeFields(VESTING.send_message, values);
    assert.equal(declared.hash().toString('hex'), byHand.hash().toString('hex'));
  });

  void it('stores an absent payload as an empty left$0, a present one as right$1 and a ref', () => {
    const k = tlb('with_payload', 0x01020304, { query_id: uint64, forward: payload });
    const inner = beginCell().storeUint(9, 8).endCell();
    const none = { query_id: 1n, forward: null };
    const some = { query_id: 1n, forward: inner };
    const byHand = (c: Cell | null): Cell =>
      beginCell().storeUint(0x01020304, 32).storeUint(1, 64).storeMaybeRef(c).endCell();
    assert.equal(storeFields(k, none).equals(byHand(null)), true);
    assert.equal(storeFields(k, some).equals(byHand(inner)), true);
    assert.equal(loadBody(k, storeFields(k, none)).forward, null);
  });
});
