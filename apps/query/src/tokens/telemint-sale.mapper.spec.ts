/**
 * nft/sales' Telemint rows → toncenter's NFTSale of type `telemint` (ton-index-go
 * `index/parse/scan_nft.go`, NFTSaleDetailsTeleitem): the item is its own sale; a null bidder or
 * beneficiary is left out; the answer satisfies the v3 contract.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { V3NftSale } from '@app/contracts';
import { type TelemintSaleQueryRow } from '@app/database';
import {
  durovAuctionColumns,
  durovAuctionDetails,
} from '../../../../test/integration/support/telemint-fixtures';
import { toTelemintSale } from './token.mapper';

const ITEM = '0:' + '1'.repeat(64);
const BIDDER = '0:' + 'B'.repeat(64);
const BENEFICIARY = '0:' + 'C'.repeat(64);
const ROYALTY = '0:' + 'D'.repeat(64);
const ADDRESSES = { bidder: BIDDER, beneficiary: BENEFICIARY, royalty: ROYALTY };

const row: TelemintSaleQueryRow = {
  address: ITEM,
  nft_address: ITEM,
  ...durovAuctionColumns(ADDRESSES),
  last_transaction_lt: '600',
  code_hash: null,
  data_hash: null,
};

void describe('toTelemintSale', () => {
  it('an item on auction: every detail, typed as toncenter types it', () => {
    const sale = toTelemintSale({ ...row, item: null, collection: null });
    assert.deepEqual(sale, {
      type: 'telemint',
      address: ITEM,
      nft_address: ITEM,
      last_transaction_lt: '600',
      details: durovAuctionDetails(ADDRESSES),
    });
    assert.deepEqual(V3NftSale.parse(sale), sale);
  });

  it('no auction: no bidder or beneficiary keys', () => {
    const sale = toTelemintSale({
      ...row,
      bidder_address: null,
      beneficiary_address: null,
      item: null,
      collection: null,
    });
    assert.equal(sale.type, 'telemint');
    const details = sale.details as Record<string, unknown>;
    assert.equal('bidder_address' in details, false);
    assert.equal('beneficiary_address' in details, false);
    assert.deepEqual(V3NftSale.parse(sale), sale);
  });
});
