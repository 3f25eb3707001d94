/**
 * The stored interface rows → the classifier's per-account view (interfaceMap): a getgems auction row
 * (getgems_nft_auctions) becomes the account's nft_auction, which the auction matchers read. A
 * classified action → its stored row (actionInsertRow): account columns as toncenter's `tonaddr`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell } from '@ton/core';
import { type AccountInterfaceRows } from '@app/database';
import { classifyTrace, defaultRegistry } from '@app/classify';
import { syntheticTrace } from '../../../../libs/classify/src/testing/synthetic-trace';
import {
  BORROWER,
  INTERFACES as EVAA_INTERFACES,
  LIQUIDATOR,
  MASTER as EVAA_MASTER,
  tonLiquidation,
} from '../../../../libs/classify/src/testing/evaa-liquidation';
import { actionInsertRow, interfaceMap } from './trace-input.mapper';

const AUCTION = '0:' + 'A'.repeat(64);
const ITEM = '0:' + 'B'.repeat(64);
const SELLER = '0:' + 'C'.repeat(64);
const MARKETPLACE = '0:' + 'D'.repeat(64);
const BIDDER = '0:' + 'E'.repeat(64);
const COLLECTION = '0:' + 'F'.repeat(64);

const rows = (): AccountInterfaceRows => ({
  jettonWallets: [],
  nftItems: [
    {
      address: ITEM,
      init: true,
      index: '7',
      collection_address: COLLECTION,
      owner_address: AUCTION,
      content: null,
      code_hash: null,
    },
  ],
  multisigOrders: [],
  nftSales: [],
  nftAuctions: [
    {
      address: AUCTION,
      nft_addr: ITEM,
      nft_owner: SELLER,
      mp_addr: MARKETPLACE,
      last_bid: '3000000000',
      code_hash: null,
    },
  ],
  dexPools: [],
  nominatorPools: [],
});

void describe('interfaceMap', () => {
  void it('hands a stored DeDust pool to the classifier as dedust_pool, a null asset as TON', () => {
    const POOL = '0:' + '1'.repeat(64);
    const pools = interfaceMap({
      ...rows(),
      dexPools: [{ address: POOL, asset_1: null, asset_2: COLLECTION }],
    });
    assert.deepEqual(pools.get(POOL), {
      dedust_pool: {
        address: POOL,
        assets: [
          { is_ton: true, address: null },
          { is_ton: false, address: COLLECTION },
        ],
      },
    });
  });

  void it('hands a stored getgems auction to the classifier as nft_auction', () => {
    assert.deepEqual(interfaceMap(rows()).get(AUCTION), {
      nft_auction: {
        address: AUCTION,
        nft_addr: ITEM,
        nft_owner: SELLER,
        mp_addr: MARKETPLACE,
        last_bid: 3_000_000_000n,
        code_hash: null,
      },
    });
  });

  void it('a TON transfer to a stored auction classifies as a getgems auction_bid on its item', () => {
    const trace = syntheticTrace(
      {
        from: null,
        to: BIDDER,
        children: [{ from: BIDDER, to: AUCTION, value: 4_000_000_000n }],
      },
      Object.fromEntries(interfaceMap(rows())),
    );
    const bids = classifyTrace(trace, defaultRegistry).actions.filter(
      (a) => a.type === 'auction_bid',
    );
    assert.equal(bids.length, 1);
    const bid = bids[0]!;
    assert.equal(bid.source, BIDDER);
    assert.equal(bid.destination, AUCTION);
    assert.equal(bid.asset_secondary, ITEM);
    assert.equal(bid.asset, COLLECTION);
    assert.equal(bid.value, 4_000_000_000n);
  });
});

void describe('actionInsertRow', () => {
  void it("stores an EVAA liquidation's lower-case accounts upper-case, as tonaddr columns do, each account once", () => {
    const bounce = beginCell().storeUint(0xffffffff, 32).storeUint(0x3, 32).endCell();
    const trace = syntheticTrace(
      tonLiquidation(
        [{ from: EVAA_MASTER, to: LIQUIDATOR, body: bounce, bounced: true, value: 1n }],
        true,
      ),
      EVAA_INTERFACES,
    );
    const action = classifyTrace(trace, defaultRegistry).actions.find(
      (a) => a.type === 'evaa_liquidate',
    );
    assert.ok(action);
    assert.equal(action.source, LIQUIDATOR.toLowerCase());
    const row = actionInsertRow(action, trace.trace);
    assert.equal(row.source, LIQUIDATOR);
    assert.equal(row.destination, BORROWER);
    assert.equal(row.destinationSecondary, null);
    assert.equal(row.asset, action.asset, 'a decimal asset id is no address');
    assert.deepEqual([...row.accounts].sort(), [BORROWER, LIQUIDATOR, EVAA_MASTER].sort());
  });
});
