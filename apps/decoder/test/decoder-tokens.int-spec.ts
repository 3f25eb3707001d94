import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type DataSource } from '@app/database';
import { beginCell } from '@ton/core';
import { GENESIS, GenesisAccount, type Localnet } from '@app/localnet';
import {
  type DecodedGenesis,
  decodedGenesis,
  expectedJettonWallets,
} from '../../../test/integration/support/decoded-genesis';
import { BlockDecoder } from '../src/pipeline/block-decoder';

/**
 * The genesis seed's Jetton and NFT scenario (apps/localnet seeds: mints to the v3r2 and v4r2
 * wallets, a transfer v3r2 → v4r2 with a forward comment, a burn by v4r2; an NFT collection with four
 * items, one transferred, two put on getgems-form sales, one of them bought), decoded, against the
 * seed's own constants.
 */
void describe('decoder: interfaces and token events of the genesis seed (real PostgreSQL, liteserver get-methods)', () => {
  let genesis: DecodedGenesis;
  let localnet: Localnet;
  let ds: DataSource;
  const address = (name: string): string => genesis.address(name);

  before(async () => {
    genesis = await decodedGenesis('decoder_tokens');
    ({ localnet, ds } = genesis);
  });

  after(async () => {
    await genesis.close();
  });

  void it('finds the Jetton master and both wallets with their final balances, verified against the master', async () => {
    const master: { total_supply: string; mintable: boolean; jetton_content: unknown }[] =
      await ds.query(
        `SELECT total_supply::text, mintable, jetton_content FROM jetton_masters WHERE address = $1`,
        [address('jetton-minter')],
      );
    assert.deepEqual(master, [
      {
        total_supply: GENESIS.jetton.finalTotalSupply.toString(),
        mintable: true,
        jetton_content: GENESIS.jetton.content,
      },
    ]);
    const wallets: { address: string; balance: string; owner: string; jetton: string }[] =
      await ds.query(
        `SELECT address, balance::text, owner, jetton FROM jetton_wallets ORDER BY address`,
      );
    assert.deepEqual(wallets, expectedJettonWallets(genesis));
  });

  void it('fills code_hash and data_hash of the Jetton and NFT rows from the state each was detected on', async () => {
    // Each row was last read after the account's last transaction: its state is that transaction's
    // account_state_hash_after row.
    const tables = [
      'jetton_masters',
      'jetton_wallets',
      'nft_collections',
      'nft_items',
      'getgems_nft_sales',
    ];
    for (const table of tables) {
      const rows: unknown[] = await ds.query(
        `SELECT address, last_transaction_lt::text, code_hash, data_hash FROM ${table} ORDER BY address`,
      );
      const expected: unknown[] = await ds.query(
        `SELECT DISTINCT ON (r.address) r.address, t.lt::text AS last_transaction_lt, s.code_hash,
                s.data_hash
         FROM ${table} r JOIN transactions t ON t.account = r.address
         JOIN account_states s ON s.hash = t.account_state_hash_after
         ORDER BY r.address, t.lt DESC`,
      );
      assert.deepEqual(rows, expected, table);
    }
    const states: { account: string; data_hash: string }[] = await ds.query(
      `SELECT account, data_hash FROM latest_account_states WHERE account = ANY($1::text[])
       ORDER BY account`,
      [
        [
          GenesisAccount.jettonMinter,
          GenesisAccount.jettonWalletV3r2,
          GenesisAccount.jettonWalletV4r2,
          GenesisAccount.nftCollection,
          GenesisAccount.nftItem0,
          GenesisAccount.nftItem1,
          GenesisAccount.nftItem2,
          GenesisAccount.nftItem3,
        ].map(address),
      ],
    );
    const decoded: { account: string; data_hash: string }[] = await ds.query(
      `SELECT address AS account, data_hash FROM (
         SELECT address, data_hash FROM jetton_masters UNION ALL SELECT address, data_hash FROM jetton_wallets
         UNION ALL SELECT address, data_hash FROM nft_collections UNION ALL SELECT address, data_hash FROM nft_items
       ) d ORDER BY address`,
    );
    // Eight rows, each with the data hash the account holds now (none of them changed since).
    assert.equal(decoded.length, 8);
    assert.deepEqual(decoded, states);
    assert.ok(decoded.every((d) => /^[A-Za-z0-9+/]{43}=$/.test(d.data_hash)));
  });

  void it('records the jetton transfer and the burn with the amounts of the scenario', async () => {
    const transfers: {
      amount: string;
      source: string;
      destination: string;
      wallet: string;
      master: string;
      aborted: boolean;
    }[] = await ds.query(
      `SELECT amount::text, source, destination, jetton_wallet_address AS wallet,
                jetton_master_address AS master, tx_aborted AS aborted FROM jetton_transfers`,
    );
    assert.deepEqual(transfers, [
      {
        amount: GENESIS.jetton.transferV3r2ToV4r2.toString(),
        source: address('wallet-v3r2'),
        destination: address('wallet-v4r2'),
        wallet: address('jetton-wallet-v3r2'),
        master: address('jetton-minter'),
        aborted: false,
      },
    ]);
    const burns: { amount: string; owner: string; wallet: string }[] = await ds.query(
      `SELECT amount::text, owner, jetton_wallet_address AS wallet FROM jetton_burns`,
    );
    assert.deepEqual(burns, [
      {
        amount: GENESIS.jetton.burnByV4r2.toString(),
        owner: address('wallet-v4r2'),
        wallet: address('jetton-wallet-v4r2'),
      },
    ]);
  });

  void it('finds the NFT collection and its items with their owners, and the item transfer', async () => {
    const collection: { next_item_index: string; collection_content: unknown }[] = await ds.query(
      `SELECT next_item_index::text, collection_content FROM nft_collections WHERE address = $1`,
      [address('nft-collection')],
    );
    assert.deepEqual(collection, [
      {
        next_item_index: String(GENESIS.nft.itemCount),
        collection_content: { uri: GENESIS.nft.collectionContentUri },
      },
    ]);
    const items: { address: string; index: string; owner: string; collection: string }[] =
      await ds.query(
        `SELECT address, index::text, owner_address AS owner, collection_address AS collection
       FROM nft_items ORDER BY index`,
      );
    assert.deepEqual(
      items,
      ['nft-item-0', 'nft-item-1', 'nft-item-2', 'nft-item-3'].map((name) => {
        const seed = localnet.accounts.find((a) => a.name === name)!;
        return {
          address: address(name),
          index: String(seed.index),
          owner: seed.owner!.toRawString().toUpperCase(),
          collection: address('nft-collection'),
        };
      }),
    );
    const transfers: { item: string; new_owner: string }[] = await ds.query(
      `SELECT nft_item_address AS item, new_owner FROM nft_transfers`,
    );
    assert.ok(transfers.length >= 1);
    for (const t of transfers) {
      const item = items.find((i) => i.address === t.item);
      assert.ok(item, t.item);
    }
    // The last transfer of each item names its current owner.
    const lastOwners: { item: string; new_owner: string }[] = await ds.query(
      `SELECT DISTINCT ON (nft_item_address) nft_item_address AS item, new_owner FROM nft_transfers
       ORDER BY nft_item_address, tx_lt DESC`,
    );
    for (const t of lastOwners) {
      assert.equal(t.new_owner, items.find((i) => i.address === t.item)!.owner);
    }
  });

  void it('finds both getgems sales (get_sale_data, "FIXP") and the seller as real_owner of the listed item', async () => {
    const sales: unknown[] = await ds.query(
      `SELECT address, is_complete, created_at::text, marketplace_address, nft_address,
              nft_owner_address, full_price::text, marketplace_fee_address, marketplace_fee::text,
              royalty_address, royalty_amount::text, sold_at, sold_query_id, jetton_price_dict,
              last_transaction_lt::text, code_hash, data_hash
       FROM getgems_nft_sales ORDER BY is_complete`,
    );
    const s = GENESIS.sale;
    const state = async (name: string) => {
      const rows: { lt: string; code_hash: string; data_hash: string }[] = await ds.query(
        `SELECT last_trans_lt::text AS lt, code_hash, data_hash FROM latest_account_states
         WHERE account = $1`,
        [address(name)],
      );
      assert.equal(rows.length, 1, name);
      return rows[0]!;
    };
    const row = async (sale: string, item: string, complete: boolean) => {
      const st = await state(sale);
      return {
        address: address(sale),
        is_complete: complete,
        created_at: String(s.createdAt),
        marketplace_address: address(GenesisAccount.treasury),
        nft_address: address(item),
        nft_owner_address: address(GenesisAccount.walletV5r1),
        full_price: s.fullPrice.toString(),
        marketplace_fee_address: address(GenesisAccount.treasury),
        marketplace_fee: s.marketplaceFee.toString(),
        royalty_address: address(GenesisAccount.walletV4r2),
        royalty_amount: s.royaltyAmount.toString(),
        sold_at: null,
        sold_query_id: null,
        jetton_price_dict: null,
        last_transaction_lt: st.lt,
        code_hash: st.code_hash,
        data_hash: st.data_hash,
      };
    };
    assert.deepEqual(sales, [
      await row(GenesisAccount.nftSaleListed, GenesisAccount.nftItem2, false),
      await row(GenesisAccount.nftSaleSold, GenesisAccount.nftItem3, true),
    ]);
    // real_owner: the seller while the item is on sale; the owner otherwise (item 3 was bought).
    const owners: unknown[] = await ds.query(
      `SELECT address, owner_address, real_owner FROM nft_items ORDER BY index`,
    );
    assert.deepEqual(
      owners,
      [
        [GenesisAccount.nftItem0, GenesisAccount.walletV3r2, GenesisAccount.walletV3r2],
        [GenesisAccount.nftItem1, GenesisAccount.walletV5r1, GenesisAccount.walletV5r1],
        [GenesisAccount.nftItem2, GenesisAccount.nftSaleListed, GenesisAccount.walletV5r1],
        [GenesisAccount.nftItem3, GenesisAccount.walletV3r2, GenesisAccount.walletV3r2],
      ].map(([item, owner, real]) => ({
        address: address(item!),
        owner_address: address(owner!),
        real_owner: address(real!),
      })),
    );
    const interfaces: { interfaces: string[] }[] = await ds.query(
      `SELECT i.interfaces FROM latest_account_states L
       JOIN contract_interfaces i ON i.code_hash = L.code_hash WHERE L.account = $1`,
      [address(GenesisAccount.nftSaleSold)],
    );
    assert.deepEqual(interfaces, [{ interfaces: ['nft_sale'] }]);
  });

  void it('classifies the token traces with the detected interfaces: a jetton_transfer of the scenario amount', async () => {
    const actions: { type: string; amount: string | null; asset: string | null }[] = await ds.query(
      `SELECT type, amount::text, asset FROM actions WHERE type IN ('jetton_transfer', 'jetton_burn') ORDER BY type`,
    );
    assert.deepEqual(actions, [
      {
        type: 'jetton_burn',
        amount: GENESIS.jetton.burnByV4r2.toString(),
        asset: address('jetton-minter'),
      },
      {
        type: 'jetton_transfer',
        amount: GENESIS.jetton.transferV3r2ToV4r2.toString(),
        asset: address('jetton-minter'),
      },
    ]);
  });

  void it('classifies the two mints of the seed (mint → internal_transfer → excess) as jetton_mint', async () => {
    const mints: {
      destination: string;
      destination_secondary: string | null;
      asset: string;
      amount: string;
      value: string;
      success: boolean;
    }[] = await ds.query(
      `SELECT destination, destination_secondary, asset, amount::text, value::text, success
       FROM actions WHERE type = 'jetton_mint' ORDER BY start_lt`,
    );
    assert.deepEqual(mints, [
      {
        destination: address('wallet-v3r2'),
        destination_secondary: address('jetton-wallet-v3r2'),
        asset: address('jetton-minter'),
        amount: GENESIS.jetton.mintToV3r2.toString(),
        value: '50000000',
        success: true,
      },
      {
        destination: address('wallet-v4r2'),
        destination_secondary: address('jetton-wallet-v4r2'),
        asset: address('jetton-minter'),
        amount: GENESIS.jetton.mintToV4r2.toString(),
        value: '50000000',
        success: true,
      },
    ]);
  });

  void it('records a token body that does not parse in decode_failures and skips it', async () => {
    // A copy of the scenario's jetton transfer under a made-up masterchain seqno, with its body cut
    // after the opcode: what a contract sending a malformed transfer looks like to the decoder.
    const mcSeqno = 999_999;
    const originals: { hash: string }[] = await ds.query(
      `SELECT t.hash FROM jetton_transfers j JOIN transactions t ON t.hash = j.tx_hash LIMIT 1`,
    );
    const original = originals[0];
    assert.ok(original);
    const fakeHash = Buffer.alloc(32, 7).toString('base64');
    const truncated = beginCell().storeUint(0x0f8a7ea5, 32).endCell().toBoc().toString('base64');
    await ds.transaction(async (m) => {
      await m.query(
        `INSERT INTO transactions SELECT $1, lt + 1000000, account, block_workchain, block_shard,
           block_seqno, $2, trace_id, prev_trans_hash, prev_trans_lt, now, orig_status, end_status,
           total_fees, total_fees_extra_currencies, account_state_hash_before, account_state_hash_after,
           descr, false FROM transactions WHERE hash = $3`,
        [fakeHash, mcSeqno, original.hash],
      );
      const bodyHash = Buffer.alloc(32, 8).toString('base64');
      await m.query(`INSERT INTO message_contents (hash, body) VALUES ($1, $2)`, [
        bodyHash,
        truncated,
      ]);
      await m.query(
        `INSERT INTO messages (tx_hash, tx_lt, msg_hash, direction, mc_seqno, source, destination,
           opcode, body_hash)
         SELECT $1, t.lt, $2, 'in', $3, mm.source, mm.destination, mm.opcode, $4
         FROM transactions t, messages mm WHERE t.hash = $1 AND mm.tx_hash = $5 AND mm.direction = 'in'`,
        [fakeHash, Buffer.alloc(32, 9).toString('base64'), mcSeqno, bodyHash, original.hash],
      );
      const result = await new BlockDecoder().decode(m, mcSeqno);
      assert.equal(result.tokenEvents, 0);
      assert.equal(result.badBodies, 1);
    });
    const failures: { kind: string; subject: string; error: string }[] = await ds.query(
      `SELECT kind, subject, error FROM decode_failures WHERE mc_seqno = $1`,
      [mcSeqno],
    );
    assert.equal(failures.length, 1);
    assert.deepEqual([failures[0]?.kind, failures[0]?.subject], ['body', fakeHash]);
    assert.match(failures[0]?.error ?? '', /^opcode 0x0f8a7ea5: /);
  });
});
