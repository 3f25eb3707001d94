import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  V3DnsRecordsRes,
  V3MultisigOrdersRes,
  V3MultisigWalletsRes,
  V3VestingRes,
} from '@app/contracts';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { ok, type TokenRows } from './token-rows';

/** dns/records, multisig/wallets, multisig/orders and vesting of the seed's contracts. */
export function dnsMultisigVestingCases({ h, a, state }: TokenRows): void {
  void it('dns/records: the DNS item resolving to v5r1, and the domain in the address book', async () => {
    const body = V3DnsRecordsRes.parse(
      ok(await h().get('v3/dns/records', { wallet: a(GenesisAccount.walletV5r1) })),
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
      ok(await h().get('v3/dns/records', { domain: GENESIS.dns.domain })),
    );
    assert.deepEqual(byDomain.records, body.records);
  });

  void it('multisig/wallets and multisig/orders: the 2-of-3 multisig and its executed order', async () => {
    const m = await state(GenesisAccount.multisig);
    const o = await state(GenesisAccount.multisigOrder0);
    const orderRow = await h().ds.query<
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
      ok(await h().get('v3/multisig/wallets', { wallet_address: a(GenesisAccount.walletV4r2) })),
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
      ok(await h().get('v3/multisig/orders', { multisig_address: a(GenesisAccount.multisig) })),
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
      ok(await h().get('v3/vesting', { contract_address: a(GenesisAccount.vestingWallet) })),
    );
    assert.deepEqual(byContract.vesting_contracts, expected);
    const byOwner = V3VestingRes.parse(
      ok(await h().get('v3/vesting', { wallet_address: a(GenesisAccount.walletV4r2) })),
    );
    assert.deepEqual(byOwner.vesting_contracts, expected);
    const whitelisted = { wallet_address: a(GenesisAccount.walletV5r1) };
    assert.deepEqual(
      V3VestingRes.parse(ok(await h().get('v3/vesting', whitelisted))).vesting_contracts,
      [],
    );
    assert.deepEqual(
      V3VestingRes.parse(ok(await h().get('v3/vesting', { ...whitelisted, check_whitelist: true })))
        .vesting_contracts,
      expected,
    );
  });
}
