import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClassifyInputRepository, createDataSource, type DataSource } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';

/**
 * An auction's item in the classifier input (ClassifyInputRepository.interfaces): toncenter's
 * `_gather_data_from_db` looks up the item of every auction asked for, since a bid's trace touches
 * the auction alone while the bid names the item's index and collection.
 */
const AUCTION = `0:${'A'.repeat(64)}`;
const ITEM = `0:${'B'.repeat(64)}`;
const OTHER_ITEM = `0:${'C'.repeat(64)}`;
const COLLECTION = `0:${'D'.repeat(64)}`;
const SELLER = `0:${'E'.repeat(64)}`;

void describe('the item of an auction in the classifier input (ClassifyInputRepository)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const inputs = new ClassifyInputRepository();

  before(async () => {
    db = await createTestDatabase({ prefix: 'classify_auction_item' });
    ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    for (const [address, index] of [
      [ITEM, 7],
      [OTHER_ITEM, 8],
    ] as const) {
      await ds.query(
        `INSERT INTO nft_items (address, init, index, collection_address, owner_address, content,
           last_transaction_lt)
         VALUES ($1, true, $2, $3, $4, '{}', 10)`,
        [address, index, COLLECTION, AUCTION],
      );
    }
    await ds.query(
      `INSERT INTO getgems_nft_auctions (address, end_flag, end_time, mp_addr, nft_addr, nft_owner,
         last_bid, min_step, mp_fee_factor, mp_fee_base, royalty_fee_factor, royalty_fee_base,
         max_bid, min_bid, created_at, last_bid_at, is_canceled, last_transaction_lt)
       VALUES ($1, false, 1800003700, NULL, $2, $3, 0, 1, 5, 100, 10, 100, 0, 1, 1800000100, 0,
         false, 11)`,
      [AUCTION, ITEM, SELLER],
    );
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  void it('gives the item of each auction asked for, and no other item not asked for', async () => {
    const found = await inputs.interfaces(ds.manager, [AUCTION]);
    assert.deepEqual(
      found.nftAuctions.map((a) => [a.address, a.nft_addr]),
      [[AUCTION, ITEM]],
    );
    assert.deepEqual(
      found.nftItems.map((i) => [i.address, i.index, i.collection_address]),
      [[ITEM, '7', COLLECTION]],
    );
  });

  void it('gives an item asked for once, though its auction is asked for too', async () => {
    const found = await inputs.interfaces(ds.manager, [AUCTION, ITEM]);
    assert.deepEqual(
      found.nftItems.map((i) => i.address),
      [ITEM],
    );
  });
});
