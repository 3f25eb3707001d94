import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  V3AccountStatesRes,
  V3DnsRecordsRes,
  V3JettonBurnsRes,
  V3JettonMastersRes,
  V3JettonTransfersRes,
  V3JettonWalletsRes,
  V3MultisigOrdersRes,
  V3MultisigWalletsRes,
  V3NftCollectionsRes,
  V3NftItemsRes,
  V3NftSalesRes,
  V3NftTransfersRes,
  V3TransactionsRes,
  V3VestingRes,
  V3WalletStatesRes,
} from '@app/contracts';
import { Address, Cell } from '@ton/core';
import { GENESIS, GenesisAccount } from '../../apps/localnet/src/seeds';
import { startV3Harness, type JsonReply, type V3Harness } from './support/v3-harness';

function ok(reply: JsonReply): unknown {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

interface StateRow {
  lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

interface EventRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  trace_id: string;
}

/**
 * The v3 Jetton, NFT, account, DNS, multisig and vesting endpoints over the genesis seed, decoded with
 * interface detection, against the seed's own constants (apps/localnet seeds GENESIS).
 */
void describe('v3 API: tokens and contracts of the genesis seed (single process, real PostgreSQL)', () => {
  let h: V3Harness;
  const a = (name: string): string => h.address(name);
  /** The latest state of an account as ingested. */
  const state = async (name: string): Promise<StateRow> => {
    const rows = await h.ds.query<StateRow[]>(
      `SELECT last_trans_lt::text AS lt, code_hash, data_hash FROM latest_account_states
       WHERE account = $1`,
      [a(name)],
    );
    assert.equal(rows.length, 1, name);
    return rows[0]!;
  };
  /** code_hash and data_hash as the decoder recorded them in `table` (not always filled). */
  const hashes = async (
    table: string,
    name: string,
  ): Promise<{ code_hash: string | null; data_hash: string | null }> => {
    const rows = await h.ds.query<{ code_hash: string | null; data_hash: string | null }[]>(
      `SELECT code_hash, data_hash FROM ${table} WHERE address = $1`,
      [a(name)],
    );
    assert.equal(rows.length, 1, `${table} ${name}`);
    return rows[0]!;
  };
  /** The seed's NFT collection as nft/items and nft/sales embed it. */
  const nftCollection = async () => ({
    address: a(GenesisAccount.nftCollection),
    owner_address: a(GenesisAccount.walletV4r2),
    last_transaction_lt: (await state(GenesisAccount.nftCollection)).lt,
    next_item_index: String(GENESIS.nft.itemCount),
    collection_content: { uri: GENESIS.nft.collectionContentUri },
    ...(await hashes('nft_collections', GenesisAccount.nftCollection)),
  });
  /** An item as the tables hold it, `on_sale` false (also inside a sale, as toncenter does). */
  const plainItem = async (name: string, owner: string) => {
    const content = await h.ds.query<{ content: unknown }[]>(
      `SELECT content FROM nft_items WHERE address = $1`,
      [a(name)],
    );
    const collection = await nftCollection();
    return {
      address: a(name),
      init: true,
      index: String(h.localnet.accounts.find((x) => x.name === name)!.index),
      collection_address: collection.address,
      owner_address: a(owner),
      content: content[0]!.content,
      last_transaction_lt: (await state(name)).lt,
      ...(await hashes('nft_items', name)),
      collection,
      on_sale: false,
    };
  };
  const event = async (table: string): Promise<EventRow> => {
    const rows = await h.ds.query<EventRow[]>(
      `SELECT tx_hash, tx_lt::text AS tx_lt, tx_now, trace_id FROM ${table}`,
    );
    assert.equal(rows.length, 1, table);
    return rows[0]!;
  };

  before(async () => {
    h = await startV3Harness({ traffic: false, interfaces: true });
  });

  after(async () => {
    await h.close();
  });

  void it('jetton/masters: the seed Jetton with its final supply and on-chain content as metadata', async () => {
    const body = V3JettonMastersRes.parse(ok(await h.get('v3/jetton/masters')));
    const master = await state(GenesisAccount.jettonMinter);
    const wallet = await state(GenesisAccount.jettonWalletV3r2);
    const { decimals, ...standard } = GENESIS.jetton.content;
    assert.deepEqual(body.jetton_masters, [
      {
        address: a(GenesisAccount.jettonMinter),
        total_supply: GENESIS.jetton.finalTotalSupply.toString(),
        mintable: true,
        admin_address: a(GenesisAccount.walletV3r2),
        jetton_content: GENESIS.jetton.content,
        jetton_wallet_code_hash: wallet.code_hash,
        ...(await hashes('jetton_masters', GenesisAccount.jettonMinter)),
        last_transaction_lt: master.lt,
      },
    ]);
    assert.deepEqual(body.metadata, {
      [a(GenesisAccount.jettonMinter)]: {
        is_indexed: true,
        token_info: [{ valid: true, type: 'jetton_masters', ...standard, extra: { decimals } }],
      },
    });
    const minter = a(GenesisAccount.jettonMinter);
    assert.deepEqual(body.address_book[minter], {
      user_friendly: Address.parseRaw(minter).toString({ bounceable: true, urlSafe: true }),
      domain: null,
      interfaces: ['jetton_master'],
    });
    const byAdmin = V3JettonMastersRes.parse(
      ok(await h.get('v3/jetton/masters', { admin_address: a(GenesisAccount.walletV4r2) })),
    );
    assert.deepEqual(byAdmin.jetton_masters, []);
  });

  void it('jetton/wallets: both wallets with their final balances, ordered by balance for one jetton', async () => {
    const body = V3JettonWalletsRes.parse(
      ok(
        await h.get('v3/jetton/wallets', {
          jetton_address: a(GenesisAccount.jettonMinter),
          sort: 'desc',
        }),
      ),
    );
    const expected = await Promise.all(
      (
        [
          [
            GenesisAccount.jettonWalletV3r2,
            GenesisAccount.walletV3r2,
            GENESIS.jetton.finalBalanceV3r2,
          ],
          [
            GenesisAccount.jettonWalletV4r2,
            GenesisAccount.walletV4r2,
            GENESIS.jetton.finalBalanceV4r2,
          ],
        ] as const
      ).map(async ([name, owner, balance]) => {
        const s = await state(name);
        return {
          address: a(name),
          balance: balance.toString(),
          owner: a(owner),
          jetton: a(GenesisAccount.jettonMinter),
          last_transaction_lt: s.lt,
          ...(await hashes('jetton_wallets', name)),
        };
      }),
    );
    assert.deepEqual(body.jetton_wallets, expected);
    const walletMeta = body.metadata[a(GenesisAccount.jettonWalletV4r2)];
    assert.deepEqual(walletMeta, {
      is_indexed: true,
      token_info: [
        {
          type: 'jetton_wallets',
          valid: true,
          extra: {
            owner: a(GenesisAccount.walletV4r2),
            jetton: a(GenesisAccount.jettonMinter),
            balance: GENESIS.jetton.finalBalanceV4r2.toString(),
          },
        },
      ],
    });
    const asc = V3JettonWalletsRes.parse(
      ok(
        await h.get('v3/jetton/wallets', {
          jetton_address: a(GenesisAccount.jettonMinter),
          sort: 'asc',
          limit: 1,
        }),
      ),
    );
    assert.deepEqual(
      asc.jetton_wallets.map((w) => w.address),
      [a(GenesisAccount.jettonWalletV4r2)],
    );
    const byOwner = V3JettonWalletsRes.parse(
      ok(await h.get('v3/jetton/wallets', { owner_address: a(GenesisAccount.walletV3r2) })),
    );
    assert.deepEqual(
      byOwner.jetton_wallets.map((w) => w.address),
      [a(GenesisAccount.jettonWalletV3r2)],
    );
  });

  void it('jetton/transfers: the v3r2 → v4r2 transfer with its forward comment, by direction', async () => {
    const e = await event('jetton_transfers');
    const row = await h.ds.query<
      { query_id: string; fwd: string; payload: string; resp: string }[]
    >(
      `SELECT query_id::text, forward_ton_amount::text AS fwd, forward_payload AS payload,
              response_destination AS resp FROM jetton_transfers`,
    );
    const body = V3JettonTransfersRes.parse(
      ok(
        await h.get('v3/jetton/transfers', {
          owner_address: a(GenesisAccount.walletV4r2),
          direction: 'in',
        }),
      ),
    );
    assert.deepEqual(body.jetton_transfers, [
      {
        query_id: row[0]!.query_id,
        source: a(GenesisAccount.walletV3r2),
        destination: a(GenesisAccount.walletV4r2),
        amount: GENESIS.jetton.transferV3r2ToV4r2.toString(),
        source_wallet: a(GenesisAccount.jettonWalletV3r2),
        jetton_master: a(GenesisAccount.jettonMinter),
        transaction_hash: e.tx_hash,
        transaction_lt: e.tx_lt,
        transaction_now: e.tx_now,
        transaction_aborted: false,
        response_destination: row[0]!.resp,
        custom_payload: null,
        decoded_custom_payload: null,
        forward_ton_amount: row[0]!.fwd,
        forward_payload: row[0]!.payload,
        decoded_forward_payload: null,
        trace_id: e.trace_id,
      },
    ]);
    assert.equal(row[0]!.resp, a(GenesisAccount.walletV3r2));
    const out = V3JettonTransfersRes.parse(
      ok(
        await h.get('v3/jetton/transfers', {
          address: a(GenesisAccount.walletV4r2),
          direction: 'out',
        }),
      ),
    );
    assert.deepEqual(out.jetton_transfers, []);
    const byMaster = V3JettonTransfersRes.parse(
      ok(await h.get('v3/jetton/transfers', { jetton_master: a(GenesisAccount.jettonMinter) })),
    );
    assert.equal(byMaster.jetton_transfers.length, 1);
  });

  void it('jetton/burns: the burn by v4r2', async () => {
    const e = await event('jetton_burns');
    const row = await h.ds.query<{ query_id: string; resp: string | null }[]>(
      `SELECT query_id::text, response_destination AS resp FROM jetton_burns`,
    );
    const body = V3JettonBurnsRes.parse(
      ok(await h.get('v3/jetton/burns', { jetton_wallet: a(GenesisAccount.jettonWalletV4r2) })),
    );
    assert.deepEqual(body.jetton_burns, [
      {
        query_id: row[0]!.query_id,
        owner: a(GenesisAccount.walletV4r2),
        jetton_wallet: a(GenesisAccount.jettonWalletV4r2),
        jetton_master: a(GenesisAccount.jettonMinter),
        transaction_hash: e.tx_hash,
        transaction_lt: e.tx_lt,
        transaction_now: e.tx_now,
        transaction_aborted: false,
        amount: GENESIS.jetton.burnByV4r2.toString(),
        response_destination: row[0]!.resp,
        custom_payload: null,
        decoded_custom_payload: null,
        trace_id: e.trace_id,
      },
    ]);
    assert.ok(body.address_book[a(GenesisAccount.walletV4r2)]);
  });

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
    const collections = V3NftCollectionsRes.parse(ok(await h.get('v3/nft/collections')));
    assert.deepEqual(collections.nft_collections, [collection]);
    // Off-chain content (a uri only) is not retrieved: listed, not indexed.
    assert.deepEqual(collections.metadata[collection.address], {
      is_indexed: false,
      token_info: [{ type: 'nft_collections' }],
    });

    const items = V3NftItemsRes.parse(
      ok(await h.get('v3/nft/items', { collection_address: collection.address })),
    );
    const expectedItems = await Promise.all(
      [
        GenesisAccount.nftItem0,
        GenesisAccount.nftItem1,
        GenesisAccount.nftItem2,
        GenesisAccount.nftItem3,
      ].map(async (name) => {
        const seed = h.localnet.accounts.find((x) => x.name === name)!;
        const s = await state(name);
        const content = await h.ds.query<{ content: unknown }[]>(
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
      ok(await h.get('v3/nft/items', { collection_address: collection.address, index: '1' })),
    );
    assert.deepEqual(byIndex.nft_items, [expectedItems[1]]);

    const transfers = await h.ds.query<
      (EventRow & { item: string; old_owner: string; new_owner: string; query_id: string })[]
    >(
      `SELECT tx_hash, tx_lt::text AS tx_lt, tx_now, trace_id, nft_item_address AS item, old_owner,
              new_owner, query_id::text FROM nft_transfers ORDER BY tx_lt DESC`,
    );
    assert.ok(transfers.length >= 1);
    const last = transfers[0]!;
    const body = V3NftTransfersRes.parse(
      ok(await h.get('v3/nft/transfers', { owner_address: last.new_owner, direction: 'in' })),
    );
    const first = body.nft_transfers[0];
    assert.ok(first);
    const full = await h.ds.query<
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
    const sales = ok(await h.get('v3/nft/sales', { address: last.item }));
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
        await h.get('v3/nft/sales', {
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
    assert.deepEqual(body.metadata, ok(await h.get('v3/metadata', { address: mentioned })));

    // nft/items: by owner the listed item is the sale's; include_on_sale matches the seller instead.
    const v5 = a(GenesisAccount.walletV5r1);
    const item1 = await plainItem(GenesisAccount.nftItem1, GenesisAccount.walletV5r1);
    const item2 = {
      ...listed.nft_item,
      on_sale: true,
      sale_contract_address: listed.address,
      real_owner: v5,
    };
    const byOwner = V3NftItemsRes.parse(ok(await h.get('v3/nft/items', { owner_address: v5 })));
    assert.deepEqual(byOwner.nft_items, [item1]);
    const withSales = V3NftItemsRes.parse(
      ok(await h.get('v3/nft/items', { owner_address: v5, include_on_sale: true })),
    );
    assert.deepEqual(withSales.nft_items, [item1, item2]);
    const bySale = V3NftItemsRes.parse(
      ok(await h.get('v3/nft/items', { owner_address: listed.address })),
    );
    assert.deepEqual(bySale.nft_items, [item2]);
    // The bought item is an ordinary item of its buyer again.
    const bought = V3NftItemsRes.parse(
      ok(await h.get('v3/nft/items', { address: a(GenesisAccount.nftItem3) })),
    );
    assert.deepEqual(bought.nft_items, [sold.nft_item]);
  });

  void it('nft/sales: a getgems auction as the decoder stores it, after the sales, with its item', async () => {
    // The seed holds no auction contract (its code is not available offline): the row is the one the
    // decoder writes from an auction's get_sale_data, for an item of the seed, and is removed after.
    const auction = '0:' + 'AC'.repeat(32);
    const bidder = a(GenesisAccount.walletV3r2);
    await h.ds.query(
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
        ok(await h.get('v3/nft/sales', { address: [auction, a(GenesisAccount.nftSaleListed)] })),
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
      await h.ds.query(`DELETE FROM getgems_nft_auctions WHERE address = $1`, [auction]);
    }
  });

  void it('nft/sales: 422 without an address (toncenter text)', async () => {
    assert.deepEqual(await h.get('v3/nft/sales'), {
      status: 422,
      body: { error: 'at least 1 address required' },
    });
    const bad = await h.get('v3/nft/sales', { address: 'not-an-address' });
    assert.equal(bad.status, 422);
    assert.match(JSON.stringify(bad.body), /address/);
  });

  void it('dns/records: the DNS item resolving to v5r1, and the domain in the address book', async () => {
    const body = V3DnsRecordsRes.parse(
      ok(await h.get('v3/dns/records', { wallet: a(GenesisAccount.walletV5r1) })),
    );
    assert.deepEqual(body.records, [
      {
        nft_item_address: a(GenesisAccount.dnsItem),
        nft_item_owner: a(GenesisAccount.walletV5r1),
        domain: GENESIS.dns.domain,
        dns_next_resolver: null,
        dns_wallet: a(GenesisAccount.walletV5r1),
        dns_site_adnl: null,
        dns_storage_bag_id: null,
      },
    ]);
    assert.equal(body.address_book[a(GenesisAccount.walletV5r1)]?.domain, GENESIS.dns.domain);
    const byDomain = V3DnsRecordsRes.parse(
      ok(await h.get('v3/dns/records', { domain: GENESIS.dns.domain })),
    );
    assert.deepEqual(byDomain.records, body.records);
  });

  void it('multisig/wallets and multisig/orders: the 2-of-3 multisig and its executed order', async () => {
    const m = await state(GenesisAccount.multisig);
    const o = await state(GenesisAccount.multisigOrder0);
    const orderRow = await h.ds.query<
      {
        approvals_mask: string;
        approvals_num: string;
        expiration_date: string;
        order_boc: string;
      }[]
    >(
      `SELECT approvals_mask::text, approvals_num::text, expiration_date::text, order_boc
       FROM multisig_orders`,
    );
    const signers = [
      GenesisAccount.walletV3r2,
      GenesisAccount.walletV4r2,
      GenesisAccount.walletV5r1,
    ].map(a);
    const order = {
      address: a(GenesisAccount.multisigOrder0),
      multisig_address: a(GenesisAccount.multisig),
      order_seqno: '0',
      threshold: GENESIS.multisig.threshold,
      sent_for_execution: true,
      approvals_mask: orderRow[0]!.approvals_mask,
      approvals_num: 2,
      expiration_date: Number(orderRow[0]!.expiration_date),
      order_boc: orderRow[0]!.order_boc,
      signers,
      last_transaction_lt: o.lt,
      code_hash: o.code_hash,
      data_hash: o.data_hash,
      actions: null,
    };
    assert.equal(orderRow[0]!.approvals_num, '2');
    const wallets = V3MultisigWalletsRes.parse(
      ok(await h.get('v3/multisig/wallets', { wallet_address: a(GenesisAccount.walletV4r2) })),
    );
    assert.deepEqual(wallets.multisigs, [
      {
        address: a(GenesisAccount.multisig),
        next_order_seqno: '1',
        threshold: GENESIS.multisig.threshold,
        signers,
        proposers: [],
        last_transaction_lt: m.lt,
        code_hash: m.code_hash,
        data_hash: m.data_hash,
        orders: [order],
      },
    ]);
    const orders = V3MultisigOrdersRes.parse(
      ok(await h.get('v3/multisig/orders', { multisig_address: a(GenesisAccount.multisig) })),
    );
    assert.deepEqual(orders.orders, [order]);
    assert.ok(orders.address_book[a(GenesisAccount.multisigOrder0)]);
  });

  void it('vesting: the vesting wallet with the seed parameters and its whitelist', async () => {
    const v = GENESIS.vesting;
    const expected = [
      {
        address: a(GenesisAccount.vestingWallet),
        start_time: v.startTime,
        total_duration: v.totalDuration,
        unlock_period: v.unlockPeriod,
        cliff_duration: v.cliffDuration,
        sender_address: a(GenesisAccount.walletV3r2),
        owner_address: a(GenesisAccount.walletV4r2),
        total_amount: v.totalAmount.toString(),
        whitelist: [a(GenesisAccount.walletV5r1)],
      },
    ];
    const byContract = V3VestingRes.parse(
      ok(await h.get('v3/vesting', { contract_address: a(GenesisAccount.vestingWallet) })),
    );
    assert.deepEqual(byContract.vesting_contracts, expected);
    const byOwner = V3VestingRes.parse(
      ok(await h.get('v3/vesting', { wallet_address: a(GenesisAccount.walletV4r2) })),
    );
    assert.deepEqual(byOwner.vesting_contracts, expected);
    const whitelisted = { wallet_address: a(GenesisAccount.walletV5r1) };
    assert.deepEqual(
      V3VestingRes.parse(ok(await h.get('v3/vesting', whitelisted))).vesting_contracts,
      [],
    );
    assert.deepEqual(
      V3VestingRes.parse(ok(await h.get('v3/vesting', { ...whitelisted, check_whitelist: true })))
        .vesting_contracts,
      expected,
    );
  });

  void it('accountStates, walletStates, addressBook, metadata, topAccountsByBalance', async () => {
    const v4 = a(GenesisAccount.walletV4r2);
    const minter = a(GenesisAccount.jettonMinter);
    const states = V3AccountStatesRes.parse(
      ok(await h.get('v3/accountStates', { address: [v4, minter], include_boc: false })),
    );
    const rows = await h.ds.query<
      { account: string; hash: string; balance: string; last_trans_hash: string; lt: string }[]
    >(
      `SELECT account, hash, balance::text, last_trans_hash, last_trans_lt::text AS lt
       FROM latest_account_states WHERE account = ANY($1) ORDER BY account`,
      [[v4, minter]],
    );
    assert.deepEqual(
      states.accounts.map((s) => [
        s.address,
        s.account_state_hash,
        s.balance,
        s.last_transaction_hash,
        s.last_transaction_lt,
        s.status,
        'code_boc' in s,
      ]),
      rows.map((r) => [r.account, r.hash, r.balance, r.last_trans_hash, r.lt, 'active', false]),
    );
    assert.deepEqual(states.accounts.find((s) => s.address === minter)?.interfaces, [
      'jetton_master',
    ]);

    const wallets = V3WalletStatesRes.parse(
      ok(
        await h.get('v3/walletStates', {
          address: [a(GenesisAccount.walletV3r2), v4, a(GenesisAccount.walletV5r1), minter],
        }),
      ),
    );
    const byAddress = new Map(wallets.wallets.map((w) => [w.address, w]));
    assert.deepEqual(
      [GenesisAccount.walletV3r2, GenesisAccount.walletV4r2, GenesisAccount.walletV5r1].map(
        (n) => byAddress.get(a(n))?.wallet_type,
      ),
      ['wallet v3 r2', 'wallet v4 r2', 'wallet v5 r1'],
    );
    const v4State = byAddress.get(v4);
    assert.ok(v4State?.seqno !== undefined && v4State.seqno > 0);
    assert.equal(typeof v4State.wallet_id, 'number');
    assert.equal(byAddress.get(a(GenesisAccount.walletV5r1))?.is_signature_allowed, true);
    assert.deepEqual(
      [byAddress.get(minter)?.is_wallet, byAddress.get(minter)?.wallet_type],
      [false, undefined],
    );

    const friendly = Address.parseRaw(v4).toString({ bounceable: false, urlSafe: true });
    const book = ok(await h.get('v3/addressBook', { address: [friendly, 'not-an-address'] }));
    assert.deepEqual(book, {
      [friendly]: { user_friendly: friendly, domain: null, interfaces: ['wallet_v4r2'] },
      'not-an-address': { user_friendly: null, domain: null, interfaces: [] },
    });

    const metadata = ok(await h.get('v3/metadata', { address: [minter, v4] }));
    assert.deepEqual(Object.keys(record(metadata)), [minter]);

    const top = ok(await h.get('v3/topAccountsByBalance', { limit: 3 }));
    const expectedTop = await h.ds.query<{ account: string; balance: string }[]>(
      `SELECT account, balance::text FROM latest_account_states ORDER BY balance DESC, account LIMIT 3`,
    );
    assert.deepEqual(top, expectedTop);
  });

  void it('X-No-Metadata / x_no_metadata: the same answer with metadata {}; a false value keeps it', async () => {
    const minter = a(GenesisAccount.jettonMinter);
    const v4 = a(GenesisAccount.walletV4r2);
    const { decimals, ...standard } = GENESIS.jetton.content;
    const minterMeta = {
      is_indexed: true,
      token_info: [{ valid: true, type: 'jetton_masters', ...standard, extra: { decimals } }],
    };
    const walletMeta = (owner: string, balance: bigint): unknown => ({
      is_indexed: true,
      token_info: [
        {
          type: 'jetton_wallets',
          valid: true,
          extra: { owner: a(owner), jetton: minter, balance: balance.toString() },
        },
      ],
    });
    const cases: [string, Record<string, string | boolean | string[]>, unknown][] = [
      [
        'v3/jetton/wallets',
        { jetton_address: minter, sort: 'desc' },
        {
          [a(GenesisAccount.jettonWalletV3r2)]: walletMeta(
            GenesisAccount.walletV3r2,
            GENESIS.jetton.finalBalanceV3r2,
          ),
          [a(GenesisAccount.jettonWalletV4r2)]: walletMeta(
            GenesisAccount.walletV4r2,
            GENESIS.jetton.finalBalanceV4r2,
          ),
          [minter]: minterMeta,
        },
      ],
      ['v3/accountStates', { address: [v4, minter], include_boc: false }, { [minter]: minterMeta }],
    ];
    for (const [path, params, metadata] of cases) {
      const full = record(ok(await h.get(path, params)));
      assert.deepEqual(full.metadata, metadata, path);
      assert.ok(Object.keys(record(full.address_book)).length > 0, path);
      // Every other field as it was, in the same order: only metadata is emptied.
      const skipped = JSON.stringify({ ...full, metadata: {} });
      const text = async (
        extra: Record<string, string>,
        headers?: Record<string, string>,
      ): Promise<string> => JSON.stringify(ok(await h.get(path, { ...params, ...extra }, headers)));
      assert.equal(await text({}, { 'X-No-Metadata': 'true' }), skipped, `${path} header`);
      assert.equal(await text({ x_no_metadata: '1' }), skipped, `${path} x_no_metadata=1`);
      assert.equal(await text({ x_no_metadata: '0' }), JSON.stringify(full), `${path} =0`);
      assert.equal(
        await text({}, { 'X-No-Metadata': 'yes' }),
        JSON.stringify(full),
        `${path} header outside the truthy values`,
      );
      // Both switches: both fields empty, the rows untouched.
      assert.equal(
        await text({ x_no_address_book: 'true' }, { 'X-No-Metadata': 'True' }),
        JSON.stringify({ ...full, address_book: {}, metadata: {} }),
        `${path} both`,
      );
    }
    // The metadata endpoint is the metadata itself: the switch does not apply to it.
    assert.deepEqual(ok(await h.get('v3/metadata', { address: minter, x_no_metadata: '1' })), {
      [minter]: minterMeta,
    });
  });

  void it('rejects a bad address, and an unknown parameter in strict mode, with 422 naming them', async () => {
    const bad = await h.get('v3/jetton/wallets', { owner_address: 'EQnot-an-address' });
    assert.equal(bad.status, 422);
    assert.match(JSON.stringify(bad.body), /owner_address/);
    const unknown = await h.get(
      'v3/nft/items',
      { colection_address: a(GenesisAccount.nftCollection) },
      { 'X-Strict-Params': 'true' },
    );
    assert.equal(unknown.status, 422);
    assert.match(JSON.stringify(unknown.body), /colection_address/);
    const both = await h.get('v3/dns/records', {
      wallet: a(GenesisAccount.walletV5r1),
      domain: GENESIS.dns.domain,
    });
    assert.equal(both.status, 422);
    const vesting = await h.get('v3/vesting', {});
    assert.equal(vesting.status, 422);
  });
  void it('messages carry decoded_opcode and decoded bodies (the seed jetton transfer)', async () => {
    const e = await event('jetton_transfers');
    const tx = V3TransactionsRes.parse(ok(await h.get('v3/transactions', { hash: e.tx_hash })))
      .transactions[0];
    assert.ok(tx?.in_msg);
    const comment = { '@type': 'text_comment', text: GENESIS.comments.jettonForward };
    const amount = GENESIS.jetton.transferV3r2ToV4r2.toString();
    assert.equal(tx.in_msg.opcode, '0x0f8a7ea5');
    assert.equal(tx.in_msg.decoded_opcode, 'jetton_transfer');
    assert.deepEqual(tx.in_msg.message_content?.decoded, {
      '@type': 'jetton_transfer',
      query_id: '3',
      amount,
      destination: a(GenesisAccount.walletV4r2),
      response_destination: a(GenesisAccount.walletV3r2),
      custom_payload: null,
      forward_ton_amount: '10000000',
      forward_payload: comment,
    });
    assert.deepEqual(
      tx.out_msgs.map((m) => [m.opcode, m.decoded_opcode, m.message_content?.decoded]),
      [
        [
          '0x178d4519',
          'jetton_internal_transfer',
          {
            '@type': 'jetton_internal_transfer',
            query_id: '3',
            amount,
            from: a(GenesisAccount.walletV3r2),
            response_address: a(GenesisAccount.walletV3r2),
            forward_ton_amount: '10000000',
            forward_payload: comment,
          },
        ],
      ],
    );
  });

  void it('a text comment keeps the back-compat decoded shape; a v5r1 external decodes as signed_external', async () => {
    const v3txs = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: a(GenesisAccount.walletV3r2), sort: 'asc' })),
    ).transactions;
    const commented = v3txs.flatMap((t) => t.out_msgs).find((m) => m.opcode === '0x00000000');
    assert.ok(commented);
    assert.equal(commented.decoded_opcode, 'text_comment');
    assert.deepEqual(commented.message_content?.decoded, {
      type: 'text_comment',
      '@type': 'text_comment',
      comment: GENESIS.comments.v3r2ToV4r2,
    });
    const v5txs = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: a(GenesisAccount.walletV5r1), sort: 'asc' })),
    ).transactions;
    const external = v5txs.map((t) => t.in_msg).find((m) => m?.source === null);
    assert.ok(external?.message_content?.body);
    assert.equal(external.decoded_opcode, 'signed_external');
    // The expected fields, read from the body by hand (signed_request after the opcode).
    const s = Cell.fromBase64(external.message_content.body).beginParse();
    s.skip(32);
    const [walletId, validUntil, seqno] = [s.loadUint(32), s.loadUint(32), s.loadUint(32)];
    const actions = s.loadMaybeRef();
    assert.equal(s.loadBit(), false);
    assert.deepEqual(external.message_content.decoded, {
      '@type': 'signed_external',
      wallet_id: walletId,
      valid_until: validUntil,
      seqno: 0,
      out_actions: actions?.toBoc({ idx: false, crc32: true }).toString('base64') ?? null,
      has_other_actions: false,
      other_actions: null,
      signature: s.loadBuffer(64).toString('hex'),
    });
    assert.equal(seqno, 0);
  });
});

function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}
