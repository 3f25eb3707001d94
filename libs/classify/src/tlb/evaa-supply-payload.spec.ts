/**
 * The jetton forward payload of an EVAA supply as toncenter reads it (`messages/evaa.py`
 * EvaaSupplyJettonForwardMessage, commit eb9fbfa3): opcode, include_user_code:int2,
 * recipient_address, then, only when bits remain, forward_ton_amount:uint64 and
 * ^custom_response_payload. A tail shorter than that raises there, and the supply builds nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder } from '@ton/core';
import { EVAA } from '@app/ton';
import { testAddress } from '../testing/synthetic-trace';
import { parseEvaaSupplyJettonPayload } from './evaa';

const RECIPIENT = testAddress(0, 'b');

const payload = (): Builder =>
  beginCell()
    .storeUint(EVAA.supply_master.opcode, 32)
    .storeInt(0, 2)
    .storeAddress(Address.parse(RECIPIENT));

void describe('parseEvaaSupplyJettonPayload (EvaaSupplyJettonForwardMessage)', () => {
  void it('reads the recipient with no tail, or with a whole one', () => {
    assert.deepEqual(parseEvaaSupplyJettonPayload(payload().endCell().beginParse()), {
      recipient: RECIPIENT,
    });
    const whole = payload().storeUint(5, 64).storeRef(beginCell().endCell()).endCell();
    assert.deepEqual(parseEvaaSupplyJettonPayload(whole.beginParse()), { recipient: RECIPIENT });
  });

  void it('refuses a tail that is there but shorter than forward_ton_amount and its reference', () => {
    assert.throws(() =>
      parseEvaaSupplyJettonPayload(payload().storeUint(5, 8).endCell().beginParse()),
    );
    assert.throws(() =>
      parseEvaaSupplyJettonPayload(payload().storeUint(5, 64).endCell().beginParse()),
    );
  });
});
