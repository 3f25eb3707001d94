/**
 * nft/sales' Telemint rows → toncenter's NFTSale of type `telemint` (ton-index-go
 * `index/parse/scan_nft.go`, NFTSaleDetailsTeleitem): the item is its own sale; a null bidder or
 * beneficiary is left out; the answer satisfies the v3 contract.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { V3NftSale } from '@app/contracts';
import { type TelemintSaleQueryRow } from '@app/database';
import { toTelemintSale } from './token.mapper';

const ITEM = '0:' + '1'.repeat(64);
const BIDDER = '0:' + 'B'.repeat(64);
const BENEFICIARY = '0:' + 'C'.repeat(64);
const ROYALTY = '0:' + 'D'.repeat(64);

const row: TelemintSaleQueryRow = {
  address: ITEM,
  nft_address: ITEM,
  token_name: 'durov',
  bidder_address: BIDDER,
  bid: '120000000000',
  bid_ts: '1790000100',
  min_bid: '126000000000',
  end_time: '1790604800',
  beneficiary_address: BENEFICIARY,
  initial_min_bid: '100000000000',
  max_bid: '0',
  min_bid_step: '5',
  min_extend_time: '3600',
  duration: '604800',
  royalty_numerator: '5',
  royalty_denominator: '100',
  royalty_destination: ROYALTY,
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
      details: {
        token_name: 'durov',
        bidder_address: BIDDER,
        bid: '120000000000',
        bid_ts: '1790000100',
        min_bid: '126000000000',
        end_time: 1790604800,
        beneficiary_address: BENEFICIARY,
        initial_min_bid: '100000000000',
        max_bid: '0',
        min_bid_step: '5',
        min_extend_time: '3600',
        duration: '604800',
        royalty_numerator: 5,
        royalty_denominator: 100,
        royalty_destination: ROYALTY,
      },
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
