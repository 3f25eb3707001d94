/**
 * nft/items rows → toncenter's NFTItem (ton-index-go `index/parse/scan_nft.go`): an item whose owner
 * is a getgems sale or auction of it is `on_sale`, with that contract and its seller as `real_owner`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type NftItemQueryRow } from '@app/database';
import { toNftItem } from './token.mapper';

const ITEM = '0:' + 'A'.repeat(64);
const CONTRACT = '0:' + 'B'.repeat(64);
const SELLER = '0:' + 'C'.repeat(64);

/** The item's own fields, stored and rendered alike. */
const ITEM_FIELDS = {
  address: ITEM,
  init: true,
  index: '3',
  collection_address: null,
  owner_address: CONTRACT,
  content: null,
  last_transaction_lt: '100',
  code_hash: null,
  data_hash: null,
};

const row = (over: Partial<NftItemQueryRow>): NftItemQueryRow => ({
  ...ITEM_FIELDS,
  real_owner: null,
  sale_address: null,
  sale_owner: null,
  auction_address: null,
  auction_owner: null,
  ...over,
});

const plain = { ...ITEM_FIELDS, collection: null };

void describe('toNftItem', () => {
  void it('an item owned by a getgems auction of it: on_sale, the auction and its seller', () => {
    assert.deepEqual(toNftItem(row({ auction_address: CONTRACT, auction_owner: SELLER }), null), {
      ...plain,
      on_sale: true,
      auction_contract_address: CONTRACT,
      real_owner: SELLER,
    });
  });

  void it('an auction still waiting for the item (no seller yet): on_sale without real_owner', () => {
    assert.deepEqual(toNftItem(row({ auction_address: CONTRACT }), null), {
      ...plain,
      on_sale: true,
      auction_contract_address: CONTRACT,
    });
  });

  void it('a sale of the item comes first, as toncenter checks it first', () => {
    assert.deepEqual(
      toNftItem(
        row({
          sale_address: CONTRACT,
          sale_owner: SELLER,
          auction_address: CONTRACT,
          auction_owner: ITEM,
        }),
        null,
      ),
      { ...plain, on_sale: true, sale_contract_address: CONTRACT, real_owner: SELLER },
    );
  });

  void it('an item on neither: on_sale false and none of the keys', () => {
    assert.deepEqual(toNftItem(row({}), null), { ...plain, on_sale: false });
  });
});
