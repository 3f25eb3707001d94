/**
 * EVAA TON supply (toncenter `blocks/evaa.py` EvaaSupplyBlockMatcher): supply_master to the master,
 * supply_user (after the user header) to the user contract, supply_success back. toncenter reads
 * supply_user as EvaaSupplyUser (messages/evaa.py), up to supply_amount_current after the asset id.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell } from '@ton/core';
import type { ActionRow } from '../action';
import { classifyOk } from '../testing/classified';
import { MASTER, TON_ID, USER_CONTRACT } from '../testing/evaa-liquidation';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const USER = testAddress(0, 'c');

// supply_master#00000001 query_id:uint64 include_user_code:int2 supply_amount:uint64
//   recipient_address:MsgAddressInt forward_ton_amount:uint64 custom_response_payload:^Cell
const supplyMaster = beginCell()
  .storeUint(1, 32)
  .storeUint(5, 64)
  .storeInt(0, 2)
  .storeUint(1_000_000_000n, 64)
  .storeAddress(Address.parse(USER))
  .storeUint(0, 64)
  .storeRef(beginCell().endCell())
  .endCell();

// user_version:Coins upgrade_info:(Maybe ^Cell) upgrade_exec:(## 2), then
// supply_user#00000011 query_id:uint64 asset_id:uint256 supply_amount_current:uint64 ...
const supplyUser = (amountBits: 0 | 32 | 64): Cell => {
  const b = beginCell()
    .storeCoins(3n)
    .storeBit(false)
    .storeUint(0, 2)
    .storeUint(0x11, 32)
    .storeUint(5, 64)
    .storeUint(TON_ID, 256);
  if (amountBits > 0) {
    b.storeUint(999_000_000n, amountBits);
  }
  return b.endCell();
};

// supply_success#0000011a query_id:uint64 owner_address:MsgAddressInt asset_id:uint256 amount_supplied:uint64
const supplySuccess = beginCell()
  .storeUint(0x11a, 32)
  .storeUint(5, 64)
  .storeAddress(Address.parse(USER))
  .storeUint(TON_ID, 256)
  .storeUint(999_000_000n, 64)
  .endCell();

function supplies(userBody: Cell): ActionRow[] {
  const actions = classifyOk(
    syntheticTrace(
      walletSends(USER, {
        to: MASTER,
        body: supplyMaster,
        children: [
          {
            from: MASTER,
            to: USER_CONTRACT,
            body: userBody,
            children: [{ from: USER_CONTRACT, to: MASTER, body: supplySuccess }],
          },
        ],
      }),
    ),
  );
  return actions.filter((a) => a.type === 'evaa_supply');
}

void describe('EVAA supply (evaa.py EvaaSupplyBlockMatcher)', () => {
  void it('a TON supply is one successful evaa_supply of the amount supplied', () => {
    const found = supplies(supplyUser(64));
    assert.equal(found.length, 1);
    const a = found[0]!;
    assert.equal(a.source, USER);
    assert.equal(a.destination, USER);
    assert.equal(a.destination_secondary, USER_CONTRACT);
    assert.equal(a.amount, 999_000_000n);
    assert.equal(a.asset, null);
    assert.equal(a.success, true);
    assert.deepEqual(a.evaa_supply_data, {
      is_ton: true,
      asset_id: `0x${TON_ID.toString(16)}`,
      master: MASTER,
      recipient_jetton_wallet: null,
      master_jetton_wallet: null,
    });
  });

  void it('a supply_user ending after its asset id is unreadable: no evaa_supply', () => {
    assert.equal(supplies(supplyUser(0)).length, 0);
  });

  void it('a supply_user with a 32-bit amount after its asset id is unreadable: no evaa_supply', () => {
    assert.equal(supplies(supplyUser(32)).length, 0);
  });
});
