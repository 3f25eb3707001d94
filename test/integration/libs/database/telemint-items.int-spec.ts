import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createDataSource,
  type DataSource,
  type NftItemRow,
  type TelemintItemRow,
  TokenQueryRepository,
  TokenRepository,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import {
  durovAuctionColumns,
  durovAuctionState,
  NO_TELEMINT_AUCTION,
} from '../../support/telemint-fixtures';

/**
 * Telemint items through PostgreSQL: the decoder's state upsert into telemint_nft_items (a state only
 * moves forward by lt) and nft/sales' read of it, with the item itself as the sale's item.
 */
const ITEM = `0:${'1'.repeat(64)}`;
const IDLE = `0:${'2'.repeat(64)}`;
const BIDDER = `0:${'B'.repeat(64)}`;
const BENEFICIARY = `0:${'C'.repeat(64)}`;
const ROYALTY = `0:${'D'.repeat(64)}`;
const COLLECTION = `0:${'E'.repeat(64)}`;
const CODE = `${'c'.repeat(43)}=`;
const DATA = `${'d'.repeat(43)}=`;
const ADDRESSES = { bidder: BIDDER, beneficiary: BENEFICIARY, royalty: ROYALTY };

/** The probe's state under telemint_nft_items' names: the auction's addresses are `*Address`. */
function telemintColumns<S extends { bidder: string | null; beneficiary: string | null }>(
  state: S,
): Omit<S, 'bidder' | 'beneficiary'> & {
  bidderAddress: string | null;
  beneficiaryAddress: string | null;
} {
  const { bidder, beneficiary, ...rest } = state;
  return { ...rest, bidderAddress: bidder, beneficiaryAddress: beneficiary };
}

const onAuction = (lastTransactionLt: bigint, bid: bigint): TelemintItemRow => ({
  address: ITEM,
  lastTransactionLt,
  codeHash: CODE,
  dataHash: DATA,
  ...telemintColumns(durovAuctionState(ADDRESSES)),
  bid,
});

const idle: TelemintItemRow = {
  address: IDLE,
  lastTransactionLt: 77n,
  codeHash: CODE,
  dataHash: null,
  tokenName: '+88801234567',
  ...telemintColumns(NO_TELEMINT_AUCTION),
  royaltyNumerator: 5n,
  royaltyDenominator: 100n,
  royaltyDestination: ROYALTY,
};

const nftItem: NftItemRow = {
  address: ITEM,
  lastTransactionLt: 500n,
  codeHash: CODE,
  dataHash: DATA,
  init: true,
  index: 123n,
  collectionAddress: COLLECTION,
  ownerAddress: ITEM,
  content: { uri: 'https://nft.fragment.com/username/durov.json' },
  realOwner: ITEM,
};

const EMPTY = { wallets: [], masters: [], items: [], collections: [], sales: [], auctions: [] };

void describe('telemint_nft_items (TokenRepository.saveStates, TokenQueryRepository.nftSales)', () => {
  let db: TestDatabase;
  let ds: DataSource;

  before(async () => {
    db = await createTestDatabase({ prefix: 'telemint_items' });
    ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    const tokens = new TokenRepository();
    await ds.transaction((m) =>
      tokens.saveStates(m, {
        ...EMPTY,
        items: [nftItem],
        telemintItems: [onAuction(500n, 1n), idle],
      }),
    );
    // A later bid replaces the state; a state read from an older transaction does not.
    await ds.transaction((m) =>
      tokens.saveStates(m, { ...EMPTY, telemintItems: [onAuction(600n, 120_000_000_000n)] }),
    );
    await ds.transaction((m) =>
      tokens.saveStates(m, { ...EMPTY, telemintItems: [onAuction(550n, 2n)] }),
    );
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  void it('keeps the newest state of each item, every column as the probe read it', async () => {
    assert.deepEqual(
      await ds.query(
        `SELECT address, token_name, bidder_address, bid::text, bid_ts::text, min_bid::text,
           end_time::text, beneficiary_address, initial_min_bid::text, max_bid::text,
           min_bid_step::text, min_extend_time::text, duration::text, royalty_numerator::text,
           royalty_denominator::text, royalty_destination, last_transaction_lt::text, code_hash,
           data_hash
         FROM telemint_nft_items ORDER BY address`,
      ),
      [
        {
          address: ITEM,
          ...durovAuctionColumns(ADDRESSES),
          last_transaction_lt: '600',
          code_hash: CODE,
          data_hash: DATA,
        },
        {
          address: IDLE,
          token_name: '+88801234567',
          bidder_address: null,
          bid: '0',
          bid_ts: '0',
          min_bid: '0',
          end_time: '0',
          beneficiary_address: null,
          initial_min_bid: '0',
          max_bid: '0',
          min_bid_step: '0',
          min_extend_time: '0',
          duration: '0',
          royalty_numerator: '5',
          royalty_denominator: '100',
          royalty_destination: ROYALTY,
          last_transaction_lt: '77',
          code_hash: CODE,
          data_hash: null,
        },
      ],
    );
  });

  void it('nft/sales rows: the items among the addresses, each its own item when indexed', async () => {
    const rows = await new TokenQueryRepository(ds).nftSales([IDLE, ITEM, BIDDER]);
    assert.deepEqual(rows.sales, []);
    assert.deepEqual(rows.auctions, []);
    assert.deepEqual(
      rows.telemints.map((r) => [r.address, r.nft_address, r.token_name, r.bid, r.item?.index]),
      [
        [ITEM, ITEM, 'durov', '120000000000', '123'],
        [IDLE, IDLE, '+88801234567', '0', undefined],
      ],
    );
    assert.equal(rows.telemints[0]?.item?.owner_address, ITEM);
    assert.equal(rows.telemints[1]?.item, null);
  });
});
