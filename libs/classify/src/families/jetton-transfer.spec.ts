/**
 * Jetton transfers (ton-indexer `blocks/jettons.py` JettonTransferBlockMatcher) whose body names a
 * receiver the receiving wallet disagrees with: another owner (the wallet's owner wins) or addr_none
 * (toncenter's `receiver.to_str(False)` raises, so no transfer is built).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell } from '@ton/core';
import { classifyOk, onlyAction } from '../testing/classified';
import { internalTransfer, jettonWallet } from '../testing/jetton-bodies';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const SENDER = testAddress(0, '1');
const SENDER_WALLET = testAddress(0, '2');
const RECEIVER = testAddress(0, '3');
const RECEIVER_WALLET = testAddress(0, '4');
const MASTER = testAddress(0, '5');
const OTHER = testAddress(0, '6');

/** transfer#0f8a7ea5 of 100 to `to` (null: addr_none), response to the sender, no payload. */
const transfer = (to: string | null): Cell =>
  beginCell()
    .storeUint(0x0f8a7ea5, 32)
    .storeUint(9, 64)
    .storeCoins(100n)
    .storeAddress(to === null ? null : Address.parse(to))
    .storeAddress(Address.parse(SENDER))
    .storeBit(false)
    .storeCoins(0n)
    .storeBit(false)
    .endCell();

const trace = (to: string | null) =>
  syntheticTrace(
    walletSends(SENDER, {
      to: SENDER_WALLET,
      body: transfer(to),
      children: [
        { from: SENDER_WALLET, to: RECEIVER_WALLET, body: internalTransfer(100n, SENDER) },
      ],
    }),
    {
      [SENDER_WALLET]: jettonWallet(SENDER_WALLET, SENDER, MASTER),
      [RECEIVER_WALLET]: jettonWallet(RECEIVER_WALLET, RECEIVER, MASTER),
    },
  );

void describe('jetton transfer receiver (JettonTransferBlockMatcher)', () => {
  void it('a body naming another owner: the receiving wallet owner is the receiver', () => {
    const a = onlyAction(classifyOk(trace(OTHER)), 'jetton_transfer');
    assert.equal(a.destination, RECEIVER);
    assert.equal(a.destination_secondary, RECEIVER_WALLET);
    assert.equal(a.amount, 100n);
  });

  void it('a body naming addr_none builds no jetton transfer', () => {
    const types = classifyOk(trace(null)).map((x) => x.type);
    assert.equal(types.includes('jetton_transfer'), false);
  });
});
