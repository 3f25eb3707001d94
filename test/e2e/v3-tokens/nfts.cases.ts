import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  V3NftCollectionsRes,
  V3NftItemsRes,
  V3NftSalesRes,
  V3NftTransfersRes,
} from '@app/contracts';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { type EventRow, ok, type TokenRows } from './token-rows';

/** nft/collections, nft/items, nft/transfers and nft/sales of the seed collection and its sales. */
export function nftCases({ h, a, state, hashes, plainItem }: TokenRows): void {
  void it('nft/collections, nft/items, nft/transfers: the collection, its four items and the item transfers', async () => {
    const c = await state(GenesisAccount.nftCollection);
    const collection = {
      address: a(GenesisAccount.nftCollection),
      owner_address: a(GenesisAccount.walletV4r2),
      last_transaction_lt: c.lt,
      next_item_index: String(GENESIS.nft.itemCount),
      collection_content: { uri: GENESIS.nft.collectionContentUri },
      ...(await hashes('nft_collections', GenesisAccount.nftCollection)),
    };
    const collections = V3NftCollectionsRes.parse(ok(await h().get('v3/nft/collections')));
    assert.deepEqual(collections.nft_collections, [collection]);
    // Off-chain content (a uri only) is not retrieved: listed, not indexed.
    assert.deepEqual(collections.metadata[collection.address], {
      is_indexed: false,
      token_info: [{ type: 'nft_collections' }],
    });

    const items = V3NftItemsRes.parse(
      ok(await h().get('v3/nft/items', { collection_address: collection.address })),
    );
    const expectedItems = await Promise.all(
      [
        GenesisAccount.nftItem0,
        GenesisAccount.nftItem1,
        GenesisAccount.nftItem2,
        GenesisAccount.nftItem3,
      ].map(async (name) => {
        const seed = h().localnet.accounts.find((x) => x.name === name)!;
        const s = await state(name);
        const content = await h().ds.query<{ content: unknown }[]>(
          `SELECT content FROM nft_items WHERE address = $1`,
          [a(name)],
        );
        return {
          address: a(name),
          init: true,
          index: String(seed.index),
          collection_address: collection.address,
          owner_address: seed.owner!.toRawString().toUpperCase(),
          content: content[0]!.content,
          last_transaction_lt: s.lt,
          ...(await hashes('nft_items', name)),
          collection,
          on_sale: false,
        };
      }),
    );
    // Item 2 is on the listed sale: on_sale, the sale and the seller (toncenter's NFTItem).
    const onSale = {
      ...expectedItems[2]!,
      on_sale: true,
      sale_contract_address: a(GenesisAccount.nftSaleListed),
      real_owner: a(GenesisAccount.walletV5r1),
    };
    assert.equal(expectedItems[2]!.owner_address, a(GenesisAccount.nftSaleListed));
    assert.deepEqual(items.nft_items, [
      expectedItems[0],
      expectedItems[1],
      onSale,
      expectedItems[3],
    ]);
    const byIndex = V3NftItemsRes.parse(
      ok(await h().get('v3/nft/items', { collection_address: collection.address, index: '1' })),
    );
    assert.deepEqual(byIndex.nft_items, [expectedItems[1]]);

    const transfers = await h().ds.query<
      (EventRow & { item: string; old_owner: string; new_owner: string; query_id: string })[]
    >(
      `SELECT tx_hash, tx_lt::text AS tx_lt, tx_now, trace_id, nft_item_address AS item, old_owner,
              new_owner, query_id::text FROM nft_transfers ORDER BY tx_lt DESC`,
    );
    assert.ok(transfers.length >= 1);
    const last = transfers[0]!;
    const body = V3NftTransfersRes.parse(
      ok(await h().get('v3/nft/transfers', { owner_address: last.new_owner, direction: 'in' })),
    );
    const first = body.nft_transfers[0];
    assert.ok(first);
    const full = await h().ds.query<
      {
        resp: string | null;
        custom: string | null;
        fwd: string | null;
        payload: string | null;
        aborted: boolean;
      }[]
    >(
      `SELECT response_destination AS resp, custom_payload AS custom, forward_amount::text AS fwd,
              forward_payload AS payload, tx_aborted AS aborted FROM nft_transfers WHERE tx_hash = $1`,
      [last.tx_hash],
    );
    assert.deepEqual(first, {
      query_id: last.query_id,
      nft_address: last.item,
      nft_collection: collection.address,
      transaction_hash: last.tx_hash,
      transaction_lt: last.tx_lt,
      transaction_now: last.tx_now,
      transaction_aborted: full[0]!.aborted,
      old_owner: last.old_owner,
      new_owner: last.new_owner,
      response_destination: full[0]!.resp,
      custom_payload: full[0]!.custom,
      decoded_custom_payload: null,
      forward_amount: full[0]!.fwd,
      forward_payload: full[0]!.payload,
      decoded_forward_payload: null,
      trace_id: last.trace_id,
    });
    const sales = ok(await h().get('v3/nft/sales', { address: last.item }));
    assert.deepEqual(sales, { nft_sales: [], address_book: {}, metadata: {} });
  });

  void it('nft/sales: both getgems sales with their items; nft/items on_sale, real_owner and include_on_sale', async () => {
    const s = GENESIS.sale;
    const sale = async (name: string, item: string, owner: string, complete: boolean) => ({
      type: 'getgems_sale',
      address: a(name),
      nft_address: a(item),
      nft_owner_address: a(GenesisAccount.walletV5r1),
      marketplace_address: a(GenesisAccount.treasury),
      created_at: s.createdAt,
      last_transaction_lt: (await state(name)).lt,
      ...(await hashes('getgems_nft_sales', name)),
      details: {
        is_complete: complete,
        full_price: s.fullPrice.toString(),
        marketplace_fee_address: a(GenesisAccount.treasury),
        marketplace_fee: s.marketplaceFee.toString(),
        royalty_address: a(GenesisAccount.walletV4r2),
        royalty_amount: s.royaltyAmount.toString(),
      },
      nft_item: await plainItem(item, owner),
    });
    const listed = await sale(
      GenesisAccount.nftSaleListed,
      GenesisAccount.nftItem2,
      GenesisAccount.nftSaleListed,
      false,
    );
    const sold = await sale(
      GenesisAccount.nftSaleSold,
      GenesisAccount.nftItem3,
      GenesisAccount.walletV3r2,
      true,
    );
    // A wallet among the addresses is no sale: left out.
    const body = V3NftSalesRes.parse(
      ok(
        await h().get('v3/nft/sales', {
          address: [
            a(GenesisAccount.nftSaleListed),
            a(GenesisAccount.nftSaleSold),
            a(GenesisAccount.walletV5r1),
          ],
        }),
      ),
    );
    // Address order (the sold sale's address sorts first).
    assert.ok(sold.address < listed.address);
    assert.deepEqual(body.nft_sales, [sold, listed]);
    const mentioned = [
      GenesisAccount.nftSaleSold,
      GenesisAccount.nftSaleListed,
      GenesisAccount.nftItem2,
      GenesisAccount.nftItem3,
      GenesisAccount.walletV5r1,
      GenesisAccount.walletV4r2,
      GenesisAccount.walletV3r2,
      GenesisAccount.treasury,
      GenesisAccount.nftCollection,
    ].map(a);
    assert.deepEqual(Object.keys(body.address_book).sort(), [...mentioned].sort());
    assert.deepEqual(body.address_book[a(GenesisAccount.nftSaleListed)]?.interfaces, ['nft_sale']);
    assert.deepEqual(body.metadata, ok(await h().get('v3/metadata', { address: mentioned })));

    // nft/items: by owner the listed item is the sale's; include_on_sale matches the seller instead.
    const v5 = a(GenesisAccount.walletV5r1);
    const item1 = await plainItem(GenesisAccount.nftItem1, GenesisAccount.walletV5r1);
    const item2 = {
      ...listed.nft_item,
      on_sale: true,
      sale_contract_address: listed.address,
      real_owner: v5,
    };
    const byOwner = V3NftItemsRes.parse(ok(await h().get('v3/nft/items', { owner_address: v5 })));
    assert.deepEqual(byOwner.nft_items, [item1]);
    const withSales = V3NftItemsRes.parse(
      ok(await h().get('v3/nft/items', { owner_address: v5, include_on_sale: true })),
    );
    assert.deepEqual(withSales.nft_items, [item1, item2]);
    const bySale = V3NftItemsRes.parse(
      ok(await h().get('v3/nft/items', { owner_address: listed.address })),
    );
    assert.deepEqual(bySale.nft_items, [item2]);
    // The bought item is an ordinary item of its buyer again.
    const bought = V3NftItemsRes.parse(
      ok(await h().get('v3/nft/items', { address: a(GenesisAccount.nftItem3) })),
    );
    assert.deepEqual(bought.nft_items, [sold.nft_item]);
  });

  void it('nft/sales: a getgems auction as the decoder stores it, after the sales, with its item', async () => {
    // The seed holds no auction contract (its code is not available offline): the row is the one the
    // decoder writes from an auction's get_sale_data, for an item of the seed, and is removed after.
    const auction = '0:' + 'AC'.repeat(32);
    const bidder = a(GenesisAccount.walletV3r2);
    await h().ds.query(
      `INSERT INTO getgems_nft_auctions (address, end_flag, end_time, mp_addr, nft_addr, nft_owner,
         last_bid, last_member, min_step, mp_fee_addr, mp_fee_factor, mp_fee_base, royalty_fee_addr,
         royalty_fee_factor, royalty_fee_base, max_bid, min_bid, created_at, last_bid_at, is_canceled,
         last_transaction_lt, code_hash, data_hash)
       VALUES ($1, false, 1800000000, $2, $3, $4, 2500000000, $5, 5, $2, 5, 100, $6, 3, 100,
         0, 1000000000, 1790000000, 1790000100, false, 4200, NULL, NULL)`,
      [
        auction,
        a(GenesisAccount.treasury),
        a(GenesisAccount.nftItem1),
        a(GenesisAccount.walletV5r1),
        bidder,
        a(GenesisAccount.walletV4r2),
      ],
    );
    try {
      const body = V3NftSalesRes.parse(
        ok(await h().get('v3/nft/sales', { address: [auction, a(GenesisAccount.nftSaleListed)] })),
      );
      assert.deepEqual(
        body.nft_sales.map((x) => [x.type, x.address]),
        [
          ['getgems_sale', a(GenesisAccount.nftSaleListed)],
          ['getgems_auction', auction],
        ],
      );
      assert.deepEqual(body.nft_sales[1], {
        type: 'getgems_auction',
        address: auction,
        nft_address: a(GenesisAccount.nftItem1),
        nft_owner_address: a(GenesisAccount.walletV5r1),
        marketplace_address: a(GenesisAccount.treasury),
        created_at: 1790000000,
        last_transaction_lt: '4200',
        details: {
          end_flag: false,
          end_time: 1800000000,
          last_bid: '2500000000',
          last_member: bidder,
          min_step: 5,
          mp_fee_address: a(GenesisAccount.treasury),
          mp_fee_factor: 5,
          mp_fee_base: 100,
          royalty_fee_address: a(GenesisAccount.walletV4r2),
          royalty_fee_factor: 3,
          royalty_fee_base: 100,
          max_bid: '0',
          min_bid: '1000000000',
          last_bid_at: 1790000100,
          is_canceled: false,
        },
        nft_item: await plainItem(GenesisAccount.nftItem1, GenesisAccount.walletV5r1),
      });
      // The last bidder is in the address book with the auction's other addresses.
      assert.ok(bidder in body.address_book);
      assert.ok(auction in body.address_book);
    } finally {
      await h().ds.query(`DELETE FROM getgems_nft_auctions WHERE address = $1`, [auction]);
    }
  });

  void it('nft/sales: 422 without an address (toncenter text)', async () => {
    assert.deepEqual(await h().get('v3/nft/sales'), {
      status: 422,
      body: { error: 'at least 1 address required' },
    });
    const bad = await h().get('v3/nft/sales', { address: 'not-an-address' });
    assert.equal(bad.status, 422);
    assert.match(JSON.stringify(bad.body), /address/);
  });
}
