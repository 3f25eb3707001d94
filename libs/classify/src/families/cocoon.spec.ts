/**
 * Cocoon bodies read as toncenter reads them (messages/cocoon.py): CocoonWorkerProxyRequest loads its
 * payload's Maybe bit (CocoonWorkerPayoutMatcher builds nothing without it), and
 * CocoonClientProxyRefundGranted loads sendExcessesTo after the coins (CocoonClientWithdrawMatcher
 * reports 0 when it cannot).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, type Cell } from '@ton/core';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const SENDER = testAddress(0, 'a');
const WORKER = testAddress(0, 'b');
const PROXY = testAddress(0, 'c');
const OWNER = testAddress(0, 'd');
const CLIENT = testAddress(0, 'e');

const excesses = (): Cell => beginCell().storeUint(0x2565934c, 32).storeUint(7, 64).endCell();
const payout = (): Cell => beginCell().storeUint(0xc59a7cd3, 32).storeUint(7, 64).endCell();

// PayoutPayload#a040ad28 queryId:uint64 newTokens:uint64 expectedMyAddress:address
const payoutPayload = beginCell()
  .storeUint(0xa040ad28, 32)
  .storeUint(7, 64)
  .storeUint(120, 64)
  .storeAddress(Address.parse(WORKER))
  .endCell();

// WorkerProxyRequest#4d725d2c queryId:uint64 ownerAddress:address state:uint2 tokens:uint64
// payload:(Maybe ^Cell)
const workerProxyRequest = (withPayloadBit: boolean): Cell => {
  const b: Builder = beginCell()
    .storeUint(0x4d725d2c, 32)
    .storeUint(7, 64)
    .storeAddress(Address.parse(OWNER))
    .storeUint(1, 2)
    .storeUint(500, 64);
  if (withPayloadBit) {
    b.storeBit(false);
  }
  return b.endCell();
};

function workerPayouts(request: Cell) {
  const t = syntheticTrace(
    walletSends(PROXY, {
      to: WORKER,
      body: payoutPayload,
      children: [
        {
          from: WORKER,
          to: PROXY,
          body: request,
          children: [
            { from: PROXY, to: OWNER, body: payout(), value: 2_000_000_000n },
            { from: PROXY, to: SENDER, body: excesses() },
          ],
        },
      ],
    }),
  );
  const { actions, error } = classifyTrace(t, defaultRegistry);
  assert.equal(error, undefined);
  return actions.filter((a) => a.type === 'cocoon_worker_payout');
}

// ClientProxyRefundGranted#c68ebc7b coins:coins sendExcessesTo:address
const refundGranted = (withAddress: boolean): Cell => {
  const b = beginCell().storeUint(0xc68ebc7b, 32).storeCoins(3_000_000_000n);
  if (withAddress) {
    b.storeAddress(Address.parse(OWNER));
  }
  return b.endCell();
};

function clientWithdrawals(refund: Cell) {
  // OwnerClientWithdraw#da068e78 queryId:uint64 sendExcessesTo:address
  const withdraw = beginCell()
    .storeUint(0xda068e78, 32)
    .storeUint(9, 64)
    .storeAddress(Address.parse(OWNER))
    .endCell();
  // ClientProxyRequest#65448ff4 queryId:uint64 ownerAddress:address stateData:^Cell payload:(Maybe ^Cell)
  const request = beginCell()
    .storeUint(0x65448ff4, 32)
    .storeUint(9, 64)
    .storeAddress(Address.parse(OWNER))
    .storeRef(beginCell().endCell())
    .storeMaybeRef(refund)
    .endCell();
  const t = syntheticTrace(
    walletSends(OWNER, {
      to: CLIENT,
      body: withdraw,
      children: [
        {
          from: CLIENT,
          to: PROXY,
          body: request,
          children: [{ from: PROXY, to: OWNER, body: payout() }],
        },
      ],
    }),
  );
  const { actions, error } = classifyTrace(t, defaultRegistry);
  assert.equal(error, undefined);
  return actions.filter((a) => a.type === 'cocoon_client_withdraw');
}

void describe('cocoon bodies read as toncenter reads them', () => {
  void it('a worker payout whose WorkerProxyRequest has its payload bit is one action', () => {
    const found = workerPayouts(workerProxyRequest(true));
    assert.equal(found.length, 1);
    const a = found[0]!;
    assert.equal(a.source, PROXY);
    assert.equal(a.source_secondary, WORKER);
    assert.equal(a.destination, OWNER);
    assert.equal(a.amount, 2_000_000_000n);
    assert.deepEqual(a.cocoon_worker_payout_data, {
      payout_type: 'regular',
      query_id: 7n,
      new_tokens: 120n,
      worker_state: 1,
      worker_tokens: 500n,
    });
  });

  void it('a WorkerProxyRequest ending after its tokens is unreadable: no worker payout', () => {
    assert.equal(workerPayouts(workerProxyRequest(false)).length, 0);
  });

  void it('a client withdrawal reports the coins of the refund granted', () => {
    const found = clientWithdrawals(refundGranted(true));
    assert.equal(found.length, 1);
    const a = found[0]!;
    assert.equal(a.source, OWNER);
    assert.equal(a.destination, CLIENT);
    assert.equal(a.amount, 3_000_000_000n);
    assert.deepEqual(a.cocoon_client_withdraw_data, {
      query_id: 9n,
      withdraw_amount: 3_000_000_000n,
    });
  });

  void it('a refund granted without its sendExcessesTo is unreadable: the withdrawal reports 0', () => {
    const found = clientWithdrawals(refundGranted(false));
    assert.equal(found.length, 1);
    const a = found[0]!;
    assert.equal(a.amount, 0n);
    assert.deepEqual(a.cocoon_client_withdraw_data, { query_id: 9n, withdraw_amount: 0n });
  });
});
