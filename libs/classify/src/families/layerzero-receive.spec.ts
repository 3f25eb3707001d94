/**
 * LayerZero receive (toncenter `blocks/layerzero.py` LayerZeroReceiveMatcher, commit eb9fbfa3):
 * executor → channel `lz_receive_prepare` → OApp → channel lock → OApp execute → channel callback. The
 * build compares `execute_callback_msg.destination[2:]` with `dst_oapp[2:]`: it drops the first two
 * characters of the raw address, so a basechain OApp compares its hash and a masterchain one (`-1:`)
 * compares `:` and its hash, which never equals, and builds nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Cell } from '@ton/core';
import { classifyOk, onlyAction } from '../testing/classified';
import { LZ_MESSAGE_HEX, lzPacket } from '../testing/layerzero-packet';
import { syntheticTrace, testAddress, type Hop, walletSends } from '../testing/synthetic-trace';

const EXECUTOR = testAddress(0, '1');
const CHANNEL = testAddress(0, '2');
const OAPP_HASH = 'ab'.repeat(32);

const op = (code: number, ...refs: Cell[]): Cell => {
  const b = beginCell().storeUint(code, 32).storeUint(1, 64);
  refs.forEach((r) => b.storeRef(r));
  return b.endCell();
};

const packet = lzPacket(
  { eid: 30101, oapp: 0xcdn },
  { eid: 30343, oapp: BigInt(`0x${OAPP_HASH}`) },
);

/** The execute and its callback carry ^[^packet ...]. */
const withPacket = (code: number): Cell => op(code, beginCell().storeRef(packet).endCell());

function receive(oapp: string): Hop {
  return walletSends(EXECUTOR, {
    to: CHANNEL,
    body: op(0x22f3ac09),
    children: [
      {
        from: CHANNEL,
        to: oapp,
        body: op(0x97df404c),
        children: [
          {
            from: oapp,
            to: CHANNEL,
            body: op(0xb7680bc6),
            children: [
              {
                from: CHANNEL,
                to: oapp,
                body: withPacket(0x0c7b8418),
                children: [{ from: oapp, to: CHANNEL, body: withPacket(0xcaae25a1) }],
              },
            ],
          },
        ],
      },
    ],
  });
}

void describe('LayerZero receive (layerzero.py LayerZeroReceiveMatcher)', () => {
  void it('to a basechain OApp whose hash is the packet dst_oapp: a layerzero_receive', () => {
    const oapp = `0:${OAPP_HASH.toUpperCase()}`;
    const a = onlyAction(classifyOk(syntheticTrace(receive(oapp), {})), 'layerzero_receive');
    assert.equal(a.source, EXECUTOR);
    assert.equal(a.destination, oapp);
    assert.equal(a.destination_secondary, CHANNEL);
    assert.deepEqual(a.layerzero_packet_data, {
      src_oapp: '0xcd',
      dst_oapp: `0x${OAPP_HASH}`,
      src_eid: 30101,
      dst_eid: 30343,
      nonce: 12n,
      guid: '0x77',
      message: LZ_MESSAGE_HEX,
    });
  });

  void it('to a masterchain OApp with the same hash: no layerzero_receive, as `destination[2:]` keeps the colon', () => {
    const actions = classifyOk(syntheticTrace(receive(`-1:${OAPP_HASH.toUpperCase()}`), {}));
    assert.equal(
      actions.some((a) => a.type === 'layerzero_receive'),
      false,
    );
  });
});
