/**
 * MsgAddress reads as pytoniq-core 0.1.40 (the version ton-indexer pins at commit eb9fbfa3) does them
 * (`pytoniq_core/boc/slice.py` `load_address`, release commit 894d498): an addr_extern of length 0
 * raises there (`load_uint(0)` hands bitarray's `ba2int` an empty bitarray, which it refuses), an
 * addr_var raises ("Unknown address type"), any other addr_extern is read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, type Cell } from '@ton/core';
import { COCOON } from '@app/ton';
import { testAddress } from '../testing/synthetic-trace';
import { loadAddrOrExternal } from './cells';
import { parseCocoonClientRequestRefundCoins, parseCocoonPayoutPayload } from './cocoon';
import { parseTgBTCBurnLog } from './tgbtc';

const PEGOUT = testAddress(0, 'a');

/** addr_extern$01 len:(## 9) external_address:(bits len). */
const external = (b: Builder, bits: number, value: bigint): Builder =>
  b.storeUint(1, 2).storeUint(bits, 9).storeUint(value, bits);

const burnLog = (sender: (b: Builder) => Builder): Cell =>
  sender(beginCell().storeUint(0xca444ce6, 32).storeCoins(1000n))
    .storeAddress(Address.parse(PEGOUT))
    .endCell();

void describe('MsgAddress as pytoniq-core 0.1.40 reads it', () => {
  void it('an addr_extern of length 0 raises: a tgBTC burn log keeps neither address, as its except leaves both None', () => {
    assert.deepEqual(parseTgBTCBurnLog(burnLog((b) => external(b, 0, 0n)).beginParse()), {
      amount: 1000n,
      sender: null,
      pegout: null,
    });
    // a longer addr_extern reads: the sender is no account (null), the pegout address follows
    assert.deepEqual(parseTgBTCBurnLog(burnLog((b) => external(b, 8, 0x2an)).beginParse()), {
      amount: 1000n,
      sender: null,
      pegout: PEGOUT,
    });
  });

  void it('an addr_extern of length 0 is unreadable where an external address may stand', () => {
    const empty = external(beginCell(), 0, 0n).endCell();
    assert.throws(() => loadAddrOrExternal(empty.beginParse()));
    const payout = external(
      beginCell().storeUint(COCOON.payout_payload.opcode, 32).storeUint(1, 64).storeUint(2, 64),
      0,
      0n,
    );
    assert.throws(() =>
      parseCocoonPayoutPayload(payout.endCell().beginParse(), COCOON.payout_payload.opcode),
    );
  });

  void it("a ClientProxyRequest whose owner is an addr_extern still gives its refund's coins (toncenter reads the owner without AccountId)", () => {
    const granted = beginCell()
      .storeUint(COCOON.client_proxy_refund_granted.opcode, 32)
      .storeCoins(777n)
      .storeAddress(Address.parse(PEGOUT))
      .endCell();
    const request = external(
      beginCell().storeUint(COCOON.client_proxy_request.opcode, 32).storeUint(5, 64),
      8,
      0x2an,
    )
      .storeRef(beginCell().endCell())
      .storeMaybeRef(granted)
      .endCell();
    assert.equal(parseCocoonClientRequestRefundCoins(request.beginParse()), 777n);
  });
});
