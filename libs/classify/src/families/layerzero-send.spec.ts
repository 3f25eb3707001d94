/**
 * LayerZero send (toncenter `blocks/layerzero.py` LayerZeroSendMatcher): endpoint send → channel send
 * → msglib send → ULN send → msglib send callback (event, OApp callback), the packet read from the OApp
 * callback's md::LzSend (messages/layerzero.py LayerZeroMDLzSend, which loads every field of its fees
 * cell, both refs included).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Cell } from '@ton/core';
import type { ActionRow } from '../action';
import { classifyOk } from '../testing/classified';
import { LZ_MESSAGE_HEX, lzPacket } from '../testing/layerzero-packet';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const OAPP = testAddress(0, '1');
const ENDPOINT = testAddress(0, '2');
const CHANNEL = testAddress(0, '3');
const MSGLIB = testAddress(0, '4');
const ULN = testAddress(0, '5');
const EVENTS = testAddress(0, '6');

const empty = (): Cell => beginCell().endCell();
const op = (code: number): Cell => beginCell().storeUint(code, 32).storeUint(1, 64).endCell();

const packet = lzPacket({ eid: 30343, oapp: 0xabn }, { eid: 30101, oapp: 0xcdn });

// md::LzSend: "lzSend":uint80 header sendRequestId:uint64 sendMsglibManager:uint256 sendMsglib:uint256
//   ^packet ^extraOptions ^[sendMsglibConnection:uint256 nativeFee:uint128 zroFee:uint128
//   ^enforcedOptions ^callbackData]
const lzSend = (feesWithRefs: boolean): Cell => {
  const fees = beginCell().storeUint(0, 256).storeUint(5000, 128).storeUint(0, 128);
  if (feesWithRefs) {
    fees.storeRef(empty()).storeRef(empty());
  }
  return beginCell()
    .storeUint(BigInt(`0x${Buffer.from('lzSend').toString('hex')}`), 80)
    .storeUint(582890735024998957421269964955452773563747974476099581n, 180)
    .storeInt(-1n, 90)
    .storeUint(3, 64)
    .storeUint(0x11n, 256)
    .storeUint(0x22n, 256)
    .storeRef(packet)
    .storeRef(empty())
    .storeRef(fees)
    .endCell();
};

function sends(feesWithRefs: boolean): ActionRow[] {
  // Layerzero::OP::CHANNEL_SEND_CALLBACK: the LzSend is ref 0 of ref 0 of ref 0 of the body
  const oappCallback = beginCell()
    .storeUint(0xa2b5fbae, 32)
    .storeRef(beginCell().storeRef(beginCell().storeRef(lzSend(feesWithRefs))))
    .endCell();
  const t = syntheticTrace(
    walletSends(OAPP, {
      to: ENDPOINT,
      body: op(0xdd4ea3b4),
      children: [
        {
          from: ENDPOINT,
          to: CHANNEL,
          body: op(0x536feb09),
          children: [
            {
              from: CHANNEL,
              to: MSGLIB,
              body: op(0x4002b790),
              children: [
                {
                  from: MSGLIB,
                  to: ULN,
                  body: op(0x5de68393),
                  children: [
                    {
                      from: ULN,
                      to: CHANNEL,
                      body: op(0x421c1a25),
                      children: [
                        { from: CHANNEL, to: EVENTS, body: op(0xe33b9873) },
                        { from: CHANNEL, to: OAPP, body: oappCallback },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    }),
  );
  return classifyOk(t).filter((a) => a.type === 'layerzero_send');
}

void describe('LayerZero send (layerzero.py LayerZeroSendMatcher)', () => {
  void it('a send is one layerzero_send with the packet of the OApp callback', () => {
    const found = sends(true);
    assert.equal(found.length, 1);
    const a = found[0]!;
    assert.equal(a.source, OAPP);
    assert.deepEqual(a.layerzero_send_data, {
      send_request_id: 3n,
      msglib_manager: '0x11',
      msglib: '0x22',
      uln: ULN,
      native_fee: 5000n,
      zro_fee: 0n,
      endpoint: ENDPOINT,
      channel: CHANNEL,
    });
    assert.deepEqual(a.layerzero_packet_data, {
      src_oapp: '0xab',
      dst_oapp: '0xcd',
      src_eid: 30343,
      dst_eid: 30101,
      nonce: 12n,
      guid: '0x77',
      message: LZ_MESSAGE_HEX,
    });
  });

  void it('an LzSend whose fees cell lacks its two refs is unreadable: no layerzero_send', () => {
    assert.equal(sends(false).length, 0);
  });
});
