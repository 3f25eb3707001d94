import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell, type TupleItem } from '@ton/core';
import { TableMethods } from '../testing/table-methods';
import { InterfaceProbes, NO_V4_AUCTION_FIELDS } from './interface-probes';

const addr = (n: number): Address => new Address(0, Buffer.alloc(32, n));
const raw = (a: Address): string => a.toRawString().toUpperCase();
const SALE = raw(addr(1));
const slice = (cell: Cell): TupleItem => ({ type: 'slice', cell });
const addressSlice = (a: Address | null): TupleItem => slice(beginCell().storeAddress(a).endCell());
const int = (value: bigint): TupleItem => ({ type: 'int', value });

/** is_complete … royalty_amount, the part both sale get-methods share. */
const saleFields = (owner: Address | null): TupleItem[] => [
  int(0n),
  int(1_790_000_000n),
  addressSlice(addr(2)),
  addressSlice(addr(3)),
  addressSlice(owner),
  int(5_000_000_000n),
  addressSlice(addr(4)),
  int(250_000_000n),
  addressSlice(addr(5)),
  int(500_000_000n),
];

const expected = (owner: Address | null) => ({
  isComplete: false,
  createdAt: 1_790_000_000n,
  marketplace: raw(addr(2)),
  nft: raw(addr(3)),
  nftOwner: owner === null ? null : raw(owner),
  fullPrice: 5_000_000_000n,
  marketplaceFeeAddress: raw(addr(4)),
  marketplaceFee: 250_000_000n,
  royaltyAddress: raw(addr(5)),
  royaltyAmount: 500_000_000n,
});

void describe('InterfaceProbes.nftSale (getgems fixed-price sales v1-v4)', () => {
  it('v1-v3: get_sale_data with the FIXP magic and 11 entries', async () => {
    const methods = new TableMethods({
      [SALE]: { get_sale_data: [int(0x46495850n), ...saleFields(addr(6))] },
    });
    assert.deepEqual(await new InterfaceProbes(methods).nftSale(SALE, 1), expected(addr(6)));
    assert.deepEqual(methods.calls, ['get_sale_data']);
  });

  it('v4: no get_sale_data, get_fix_price_data_v4 with 13 entries (sold_at, sold_query_id, jetton prices after)', async () => {
    const methods = new TableMethods({
      [SALE]: {
        get_fix_price_data_v4: [...saleFields(null), int(0n), int(0n), { type: 'null' }],
      },
    });
    assert.deepEqual(await new InterfaceProbes(methods).nftSale(SALE, 1), expected(null));
    assert.deepEqual(methods.calls, ['get_sale_data', 'get_fix_price_data_v4']);
  });

  it('an auction (get_sale_data with magic "AUC" and 20 entries) is no sale', async () => {
    const auction = [int(0x415543n), ...Array.from({ length: 19 }, () => int(0n))];
    const methods = new TableMethods({ [SALE]: { get_sale_data: auction } });
    assert.equal(await new InterfaceProbes(methods).nftSale(SALE, 1), null);
  });

  it('a v4 answer of another depth is no sale', async () => {
    const methods = new TableMethods({
      [SALE]: { get_fix_price_data_v4: [...saleFields(null), int(0n)] },
    });
    assert.equal(await new InterfaceProbes(methods).nftSale(SALE, 1), null);
  });
});

/** end … is_canceled, the part both auction get-methods share (the item's owner and last bidder given). */
const auctionFields = (owner: Address | null, lastMember: Address | null): TupleItem[] => [
  int(0n),
  int(1_790_086_400n),
  addressSlice(addr(2)),
  addressSlice(addr(3)),
  addressSlice(owner),
  int(12_000_000_000n),
  addressSlice(lastMember),
  int(5n),
  addressSlice(addr(4)),
  int(5n),
  int(100n),
  addressSlice(addr(5)),
  int(10n),
  int(100n),
  int(100_000_000_000n),
  int(1_000_000_000n),
  int(1_790_000_000n),
  int(1_790_050_000n),
  int(0n),
];

const expectedAuction = (owner: Address | null, lastMember: Address | null) => ({
  end: false,
  endTime: 1_790_086_400n,
  marketplace: raw(addr(2)),
  nft: raw(addr(3)),
  nftOwner: owner === null ? null : raw(owner),
  lastBid: 12_000_000_000n,
  lastMember: lastMember === null ? null : raw(lastMember),
  minStep: 5n,
  marketplaceFeeAddress: raw(addr(4)),
  marketplaceFeeFactor: 5n,
  marketplaceFeeBase: 100n,
  royaltyFeeAddress: raw(addr(5)),
  royaltyFeeFactor: 10n,
  royaltyFeeBase: 100n,
  maxBid: 100_000_000_000n,
  minBid: 1_000_000_000n,
  createdAt: 1_790_000_000n,
  lastBidAt: 1_790_050_000n,
  isCanceled: false,
});

void describe('InterfaceProbes.nftAuction (getgems auctions v1-v4)', () => {
  it('v4: get_auction_data_v4 with 26 entries (activated first; step time, query id, jetton wallet and master, broken state, key after)', async () => {
    const methods = new TableMethods({
      [SALE]: {
        get_auction_data_v4: [
          int(-1n),
          ...auctionFields(addr(6), addr(7)),
          int(300n),
          int(42n),
          addressSlice(null),
          addressSlice(addr(8)),
          int(0n),
          int(0xabcdn),
        ],
      },
    });
    assert.deepEqual(await new InterfaceProbes(methods).nftAuction(SALE, 1), {
      ...expectedAuction(addr(6), addr(7)),
      activated: true,
      stepTime: 300n,
      lastQueryId: 42n,
      jettonWallet: null,
      jettonMaster: raw(addr(8)),
      isBrokenState: false,
      publicKey: 0xabcdn,
    });
    assert.deepEqual(methods.calls, ['get_auction_data_v4']);
  });

  it('v1-v3: no get_auction_data_v4, get_sale_data with the AUC magic and 20 entries', async () => {
    const methods = new TableMethods({
      [SALE]: { get_sale_data: [int(0x415543n), ...auctionFields(addr(6), null)] },
    });
    assert.deepEqual(await new InterfaceProbes(methods).nftAuction(SALE, 1), {
      ...expectedAuction(addr(6), null),
      ...NO_V4_AUCTION_FIELDS,
    });
    assert.deepEqual(methods.calls, ['get_auction_data_v4', 'get_sale_data']);
  });

  it('a fixed-price sale (get_sale_data with magic "FIXP") is no auction', async () => {
    const methods = new TableMethods({
      [SALE]: { get_sale_data: [int(0x46495850n), ...saleFields(addr(6))] },
    });
    assert.equal(await new InterfaceProbes(methods).nftAuction(SALE, 1), null);
  });

  it('get_sale_data of 20 entries with another magic is no auction', async () => {
    const methods = new TableMethods({
      [SALE]: { get_sale_data: [int(0x46495850n), ...auctionFields(addr(6), null)] },
    });
    assert.equal(await new InterfaceProbes(methods).nftAuction(SALE, 1), null);
  });
});
