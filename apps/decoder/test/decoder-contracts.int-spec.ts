import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { internal } from '@ton/core';
import { type DataSource } from '@app/database';
import {
  GENESIS,
  GenesisAccount,
  type Localnet,
  Multisig,
  multisigOrder,
  SEED_VALID_UNTIL,
  textComment,
} from '@app/localnet';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';

/**
 * The genesis seed's DNS item, vesting wallet and 2-of-3 multisig with its executed order
 * (apps/localnet seeds), detected by their get-methods at each block and decoded into dns_entries,
 * vesting_contracts / vesting_whitelist and multisig / multisig_orders, against the seed's constants.
 */
void describe('decoder: DNS, multisig and vesting contracts of the genesis seed (real PostgreSQL, liteserver get-methods)', () => {
  let genesis: DecodedGenesis;
  let localnet: Localnet;
  let ds: DataSource;
  const address = (name: string): string => genesis.address(name);
  /** The account's last transaction lt and its final code and data hashes, as ingested. */
  const lastState = async (
    name: string,
  ): Promise<{ lt: string; code_hash: string; data_hash: string }> => {
    const rows: { lt: string; code_hash: string; data_hash: string }[] = await ds.query(
      `SELECT t.lt::text AS lt, s.code_hash, s.data_hash FROM transactions t
       JOIN account_states s ON s.hash = t.account_state_hash_after
       WHERE t.account = $1 ORDER BY t.lt DESC LIMIT 1`,
      [address(name)],
    );
    assert.equal(rows.length, 1, name);
    return rows[0]!;
  };

  before(async () => {
    genesis = await decodedGenesis('decoder_contracts');
    ({ localnet, ds } = genesis);
  });

  after(async () => {
    await genesis.close();
  });

  void it('decodes the DNS-like item: its domain, its owner and the wallet record set by change_dns_record', async () => {
    const rows: unknown[] = await ds.query(
      `SELECT nft_item_address, nft_item_owner, domain, dns_next_resolver, dns_wallet, dns_site_adnl,
              dns_storage_bag_id, last_transaction_lt::text FROM dns_entries`,
    );
    const v5 = address(GenesisAccount.walletV5r1);
    assert.deepEqual(rows, [
      {
        nft_item_address: address(GenesisAccount.dnsItem),
        nft_item_owner: v5,
        domain: GENESIS.dns.domain,
        dns_next_resolver: null,
        dns_wallet: v5,
        dns_site_adnl: null,
        dns_storage_bag_id: null,
        last_transaction_lt: (await lastState(GenesisAccount.dnsItem)).lt,
      },
    ]);
  });

  void it('decodes the vesting wallet: the seed parameters, its sender and owner, and the whitelist', async () => {
    const v = GENESIS.vesting;
    const state = await lastState(GenesisAccount.vestingWallet);
    const rows: unknown[] = await ds.query(
      `SELECT address, vesting_start_time::text, vesting_total_duration::text, unlock_period::text,
              cliff_duration::text, vesting_total_amount::text, vesting_sender_address, owner_address,
              last_transaction_lt::text, code_hash, data_hash FROM vesting_contracts`,
    );
    assert.deepEqual(rows, [
      {
        address: address(GenesisAccount.vestingWallet),
        vesting_start_time: String(v.startTime),
        vesting_total_duration: String(v.totalDuration),
        unlock_period: String(v.unlockPeriod),
        cliff_duration: String(v.cliffDuration),
        vesting_total_amount: v.totalAmount.toString(),
        vesting_sender_address: address(GenesisAccount.walletV3r2),
        owner_address: address(GenesisAccount.walletV4r2),
        last_transaction_lt: state.lt,
        code_hash: state.code_hash,
        data_hash: state.data_hash,
      },
    ]);
    const whitelist: unknown[] = await ds.query(
      `SELECT vesting_contract_address, wallet_address FROM vesting_whitelist`,
    );
    assert.deepEqual(whitelist, [
      {
        vesting_contract_address: address(GenesisAccount.vestingWallet),
        wallet_address: address(GenesisAccount.walletV5r1),
      },
    ]);
  });

  void it('decodes the 2-of-3 multisig and its order 0: approved by v3r2 and v4r2, sent for execution', async () => {
    const signers = [
      GenesisAccount.walletV3r2,
      GenesisAccount.walletV4r2,
      GenesisAccount.walletV5r1,
    ].map(address);
    const wallet = await lastState(GenesisAccount.multisig);
    const multisigs: unknown[] = await ds.query(
      `SELECT address, next_order_seqno::text, threshold::text, signers, proposers,
              last_transaction_lt::text, code_hash, data_hash FROM multisig`,
    );
    assert.deepEqual(multisigs, [
      {
        address: address(GenesisAccount.multisig),
        next_order_seqno: '1',
        threshold: String(GENESIS.multisig.threshold),
        signers,
        proposers: [],
        last_transaction_lt: wallet.lt,
        code_hash: wallet.code_hash,
        data_hash: wallet.data_hash,
      },
    ]);
    const order = await lastState(GenesisAccount.multisigOrder0);
    const orders: { order_boc: string }[] = await ds.query(
      `SELECT address, multisig_address, order_seqno::text, threshold::text, sent_for_execution,
              approvals_mask::text, approvals_num::text, expiration_date::text, signers, order_boc,
              last_transaction_lt::text, code_hash, data_hash FROM multisig_orders`,
    );
    // The order the seed proposed: one send_message paying v4r2 with the payout comment.
    const proposed = multisigOrder([
      {
        type: 'send',
        mode: Multisig.defaultActionMode,
        message: internal({
          to: localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2)!.address,
          value: GENESIS.multisig.payout,
          body: textComment(GENESIS.multisig.payoutComment),
          bounce: true,
        }),
      },
    ]);
    assert.deepEqual(orders, [
      {
        address: address(GenesisAccount.multisigOrder0),
        multisig_address: address(GenesisAccount.multisig),
        order_seqno: '0',
        threshold: String(GENESIS.multisig.threshold),
        sent_for_execution: true,
        approvals_mask: String(0b11), // signer 0 (v3r2, on creation) and signer 1 (v4r2)
        approvals_num: '2',
        expiration_date: String(SEED_VALID_UNTIL),
        signers,
        order_boc: proposed.toBoc().toString('base64'),
        last_transaction_lt: order.lt,
        code_hash: order.code_hash,
        data_hash: order.data_hash,
      },
    ]);
  });

  void it('caches one interface per code hash: the DNS item, the vesting wallet, the multisig and its order', async () => {
    const rows: { name: string; interfaces: string[] }[] = await ds.query(
      `SELECT n.name, i.interfaces FROM unnest($1::text[], $2::text[]) AS n(name, address)
       JOIN transactions t ON t.account = n.address
       JOIN account_states s ON s.hash = t.account_state_hash_after
       JOIN contract_interfaces i ON i.code_hash = s.code_hash
       GROUP BY n.name, i.interfaces ORDER BY n.name`,
      [
        [
          GenesisAccount.dnsItem,
          GenesisAccount.vestingWallet,
          GenesisAccount.multisig,
          GenesisAccount.multisigOrder0,
        ],
        [
          address(GenesisAccount.dnsItem),
          address(GenesisAccount.vestingWallet),
          address(GenesisAccount.multisig),
          address(GenesisAccount.multisigOrder0),
        ],
      ],
    );
    assert.deepEqual(rows, [
      { name: GenesisAccount.dnsItem, interfaces: ['dns_item'] },
      { name: GenesisAccount.multisig, interfaces: ['multisig'] },
      { name: GenesisAccount.multisigOrder0, interfaces: ['multisig_order'] },
      { name: GenesisAccount.vestingWallet, interfaces: ['vesting'] },
    ]);
  });

  void it("records each seed wallet's code as its single wallet interface, as toncenter's code-hash match names it", async () => {
    // toncenter's wallet code hashes (hex) of the three wallets the genesis seed deploys.
    const b64 = (hex: string): string => Buffer.from(hex, 'hex').toString('base64');
    const expected = [
      {
        name: GenesisAccount.walletV3r2,
        code_hash: b64('84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599'),
        interfaces: ['wallet_v3r2'],
      },
      {
        name: GenesisAccount.walletV4r2,
        code_hash: b64('feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0'),
        interfaces: ['wallet_v4r2'],
      },
      {
        name: GenesisAccount.walletV5r1,
        code_hash: b64('20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f'),
        interfaces: ['wallet_v5r1'],
      },
    ];
    const rows: { name: string; code_hash: string; interfaces: string[] }[] = await ds.query(
      `SELECT n.name, L.code_hash, i.interfaces FROM unnest($1::text[], $2::text[]) AS n(name, address)
       JOIN latest_account_states L ON L.account = n.address
       JOIN contract_interfaces i ON i.code_hash = L.code_hash ORDER BY n.name COLLATE "C"`,
      [expected.map((e) => e.name), expected.map((e) => address(e.name))],
    );
    assert.deepEqual(rows, expected);
    // Every code the seed deployed is cached once: the wallets by name, the others by their probes
    // (the sandbox treasury implements none of them).
    const all: { name: string; interfaces: string[] }[] = await ds.query(
      `SELECT n.name, i.interfaces FROM unnest($1::text[], $2::text[]) AS n(name, address)
       JOIN latest_account_states L ON L.account = n.address
       JOIN contract_interfaces i ON i.code_hash = L.code_hash ORDER BY n.name COLLATE "C"`,
      [localnet.accounts.map((a) => a.name), localnet.accounts.map((a) => address(a.name))],
    );
    assert.deepEqual(
      all,
      [
        { name: GenesisAccount.dnsItem, interfaces: ['dns_item'] },
        { name: GenesisAccount.jettonMinter, interfaces: ['jetton_master'] },
        { name: GenesisAccount.jettonWalletV3r2, interfaces: ['jetton_wallet'] },
        { name: GenesisAccount.jettonWalletV4r2, interfaces: ['jetton_wallet'] },
        { name: GenesisAccount.multisig, interfaces: ['multisig'] },
        { name: GenesisAccount.multisigOrder0, interfaces: ['multisig_order'] },
        { name: GenesisAccount.nftCollection, interfaces: ['nft_collection'] },
        { name: GenesisAccount.nftItem0, interfaces: ['nft_item'] },
        { name: GenesisAccount.nftItem1, interfaces: ['nft_item'] },
        { name: GenesisAccount.nftItem2, interfaces: ['nft_item'] },
        { name: GenesisAccount.nftItem3, interfaces: ['nft_item'] },
        { name: GenesisAccount.nftSaleListed, interfaces: ['nft_sale'] },
        { name: GenesisAccount.nftSaleSold, interfaces: ['nft_sale'] },
        { name: GenesisAccount.treasury, interfaces: [] },
        { name: GenesisAccount.vestingWallet, interfaces: ['vesting'] },
        { name: GenesisAccount.walletV3r2, interfaces: ['wallet_v3r2'] },
        { name: GenesisAccount.walletV4r2, interfaces: ['wallet_v4r2'] },
        { name: GenesisAccount.walletV5r1, interfaces: ['wallet_v5r1'] },
      ].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    const codes: { n: string }[] = await ds.query(
      `SELECT count(*)::text AS n FROM contract_interfaces`,
    );
    assert.deepEqual(codes, [{ n: '13' }]);
  });

  void it('the token tables hold no DNS, multisig or vesting contract', async () => {
    const rows: { n: string }[] = await ds.query(
      `SELECT count(*)::text AS n FROM (
         SELECT address FROM nft_items UNION ALL SELECT address FROM jetton_wallets
         UNION ALL SELECT address FROM jetton_masters UNION ALL SELECT address FROM nft_collections
       ) a WHERE address = ANY($1::text[])`,
      [
        [
          GenesisAccount.dnsItem,
          GenesisAccount.vestingWallet,
          GenesisAccount.multisig,
          GenesisAccount.multisigOrder0,
        ].map(address),
      ],
    );
    assert.deepEqual(rows, [{ n: '0' }]);
  });
});
