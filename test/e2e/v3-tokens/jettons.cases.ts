import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  V3JettonBurnsRes,
  V3JettonMastersRes,
  V3JettonTransfersRes,
  V3JettonWalletsRes,
} from '@app/contracts';
import { Address } from '@ton/core';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { GENESIS_JETTON_WALLETS } from '../support/genesis-jetton-wallets';
import { ok, type TokenRows } from './token-rows';

/** jetton/masters, jetton/wallets, jetton/transfers and jetton/burns of the seed Jetton. */
export function jettonCases({ h, a, state, hashes, event }: TokenRows): void {
  void it('jetton/masters: the seed Jetton with its final supply and on-chain content as metadata', async () => {
    const body = V3JettonMastersRes.parse(ok(await h().get('v3/jetton/masters')));
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
      ok(await h().get('v3/jetton/masters', { admin_address: a(GenesisAccount.walletV4r2) })),
    );
    assert.deepEqual(byAdmin.jetton_masters, []);
  });

  void it('jetton/wallets: both wallets with their final balances, ordered by balance for one jetton', async () => {
    const body = V3JettonWalletsRes.parse(
      ok(
        await h().get('v3/jetton/wallets', {
          jetton_address: a(GenesisAccount.jettonMinter),
          sort: 'desc',
        }),
      ),
    );
    const expected = await Promise.all(
      GENESIS_JETTON_WALLETS.map(async ([name, owner, balance]) => {
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
        await h().get('v3/jetton/wallets', {
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
      ok(await h().get('v3/jetton/wallets', { owner_address: a(GenesisAccount.walletV3r2) })),
    );
    assert.deepEqual(
      byOwner.jetton_wallets.map((w) => w.address),
      [a(GenesisAccount.jettonWalletV3r2)],
    );
  });

  void it('jetton/transfers: the v3r2 → v4r2 transfer with its forward comment, by direction', async () => {
    const e = await event('jetton_transfers');
    const row = await h().ds.query<
      { query_id: string; fwd: string; payload: string; resp: string }[]
    >(
      `SELECT query_id::text, forward_ton_amount::text AS fwd, forward_payload AS payload,
              response_destination AS resp FROM jetton_transfers`,
    );
    const body = V3JettonTransfersRes.parse(
      ok(
        await h().get('v3/jetton/transfers', {
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
        await h().get('v3/jetton/transfers', {
          address: a(GenesisAccount.walletV4r2),
          direction: 'out',
        }),
      ),
    );
    assert.deepEqual(out.jetton_transfers, []);
    const byMaster = V3JettonTransfersRes.parse(
      ok(await h().get('v3/jetton/transfers', { jetton_master: a(GenesisAccount.jettonMinter) })),
    );
    assert.equal(byMaster.jetton_transfers.length, 1);
  });

  void it('jetton/burns: the burn by v4r2', async () => {
    const e = await event('jetton_burns');
    const row = await h().ds.query<{ query_id: string; resp: string | null }[]>(
      `SELECT query_id::text, response_destination AS resp FROM jetton_burns`,
    );
    const body = V3JettonBurnsRes.parse(
      ok(await h().get('v3/jetton/burns', { jetton_wallet: a(GenesisAccount.jettonWalletV4r2) })),
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
}
