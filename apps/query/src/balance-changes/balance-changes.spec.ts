import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type TraceMessageRow } from '@app/database';
import { Address, beginCell } from '@ton/core';
import { balanceChanges, jettonWalletCandidates } from './balance-changes';

const raw = (byte: string): string => `0:${byte.repeat(64)}`;
const [OWNER_A, OWNER_B, WALLET_A, WALLET_B, MASTER] = ['A', 'B', 'C', 'D', 'E'].map(raw) as [
  string,
  string,
  string,
  string,
  string,
];

const transferBody = beginCell()
  .storeUint(0x0f8a7ea5, 32)
  .storeUint(0, 64)
  .storeCoins(50n)
  .storeAddress(Address.parseRaw(OWNER_B))
  .storeAddress(Address.parseRaw(OWNER_A))
  .storeBit(false)
  .storeCoins(0n)
  .storeBit(false)
  .endCell()
  .toBoc()
  .toString('base64');

function row(
  tx: string,
  account: string,
  lt: number,
  totalFees: number,
  msg: Partial<TraceMessageRow> & Pick<TraceMessageRow, 'msg_hash' | 'direction'>,
): TraceMessageRow {
  return {
    tx_hash: tx,
    account,
    tx_lt: String(lt),
    total_fees: String(totalFees),
    source: null,
    destination: null,
    opcode: null,
    value: null,
    fwd_fee: null,
    body: null,
    ...msg,
  };
}

/** A Jetton transfer: A's wallet takes A's transfer (m2) and sends B's wallet internal_transfer (m3). */
const m2 = {
  msg_hash: 'm2',
  source: OWNER_A,
  destination: WALLET_A,
  opcode: 0x0f8a7ea5,
  value: '100',
  fwd_fee: '5',
  body: transferBody,
};
const m3 = {
  msg_hash: 'm3',
  source: WALLET_A,
  destination: WALLET_B,
  opcode: 0x178d4519,
  value: '90',
  fwd_fee: '4',
};
const ROWS: TraceMessageRow[] = [
  row('t1', OWNER_A, 1, 10, { msg_hash: 'm1', direction: 'in', destination: OWNER_A }),
  row('t1', OWNER_A, 1, 10, { ...m2, direction: 'out' }),
  row('t2', WALLET_A, 2, 6, { ...m2, direction: 'in' }),
  row('t2', WALLET_A, 2, 6, { ...m3, direction: 'out' }),
  row('t3', WALLET_B, 3, 3, { ...m3, direction: 'in' }),
];
const WALLETS = [
  { address: WALLET_A, owner: OWNER_A, jetton: MASTER },
  { address: WALLET_B, owner: OWNER_B, jetton: MASTER },
];

describe('balanceChanges', () => {
  it('finds the Jetton wallets among transfer destinations and internal transfer ends', () => {
    assert.deepEqual(jettonWalletCandidates(ROWS).sort(), [WALLET_A, WALLET_B].sort());
  });

  it('moves TON along the messages, charges fees, and moves the Jettons between owners', () => {
    const result = balanceChanges(ROWS, [], WALLETS);
    assert.deepEqual(result?.trace, {
      // A: sent 100, paid its transaction (10) and the forwarding of m2 (5).
      // A's wallet: got 100, sent 90, paid 6 + 4. B's wallet: got 90, paid 3.
      changes: { [OWNER_A]: -115, [WALLET_A]: 0, [WALLET_B]: 87 },
      fees: { [OWNER_A]: 15, [WALLET_A]: 10, [WALLET_B]: 3 },
      jettons: { [OWNER_A]: { [MASTER]: '-50' }, [OWNER_B]: { [MASTER]: '50' } },
    });
  });

  it("gives an action its transactions' changes, its first one only when started from outside", () => {
    const result = balanceChanges(
      ROWS,
      [
        { action_id: 'whole', type: 'jetton_transfer', tx_hashes: ['t1', 't2', 't3'] },
        { action_id: 'inner', type: 'jetton_transfer', tx_hashes: ['t2', 't3'] },
        { action_id: 'deploy', type: 'contract_deploy', tx_hashes: ['t3'] },
      ],
      WALLETS,
    );
    assert.ok(result);
    assert.deepEqual(result.actions.get('whole'), result.trace);
    assert.deepEqual(result.actions.get('inner'), {
      changes: { [WALLET_A]: -94, [WALLET_B]: 87 },
      fees: { [WALLET_A]: 4, [WALLET_B]: 3 },
      jettons: {},
    });
    assert.equal(result.actions.has('deploy'), false);
  });

  it('has nothing for a trace without transactions', () => {
    assert.equal(balanceChanges([], [], []), undefined);
  });
});
