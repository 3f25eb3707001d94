import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3AccountStatesRes, V3WalletStatesRes } from '@app/contracts';
import { Address } from '@ton/core';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { ok, record, type TokenRows } from './token-rows';

/**
 * accountStates, walletStates, addressBook, metadata and topAccountsByBalance; the metadata and
 * address-book switches; and the 422s for a bad address or an unknown parameter.
 */
export function accountsAndMetadataCases({ h, a }: TokenRows): void {
  void it('accountStates, walletStates, addressBook, metadata, topAccountsByBalance', async () => {
    const v4 = a(GenesisAccount.walletV4r2);
    const minter = a(GenesisAccount.jettonMinter);
    const states = V3AccountStatesRes.parse(
      ok(await h().get('v3/accountStates', { address: [v4, minter], include_boc: false })),
    );
    const rows = await h().ds.query<
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
        await h().get('v3/walletStates', {
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
    const book = ok(await h().get('v3/addressBook', { address: [friendly, 'not-an-address'] }));
    assert.deepEqual(book, {
      [friendly]: { user_friendly: friendly, domain: null, interfaces: ['wallet_v4r2'] },
      'not-an-address': { user_friendly: null, domain: null, interfaces: [] },
    });

    const metadata = ok(await h().get('v3/metadata', { address: [minter, v4] }));
    assert.deepEqual(Object.keys(record(metadata)), [minter]);

    const top = ok(await h().get('v3/topAccountsByBalance', { limit: 3 }));
    const expectedTop = await h().ds.query<{ account: string; balance: string }[]>(
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
      const full = record(ok(await h().get(path, params)));
      assert.deepEqual(full.metadata, metadata, path);
      assert.ok(Object.keys(record(full.address_book)).length > 0, path);
      // Every other field as it was, in the same order: only metadata is emptied.
      const skipped = JSON.stringify({ ...full, metadata: {} });
      const text = async (
        extra: Record<string, string>,
        headers?: Record<string, string>,
      ): Promise<string> =>
        JSON.stringify(ok(await h().get(path, { ...params, ...extra }, headers)));
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
    assert.deepEqual(ok(await h().get('v3/metadata', { address: minter, x_no_metadata: '1' })), {
      [minter]: minterMeta,
    });
  });

  void it('rejects a bad address, and an unknown parameter in strict mode, with 422 naming them', async () => {
    const bad = await h().get('v3/jetton/wallets', { owner_address: 'EQnot-an-address' });
    assert.equal(bad.status, 422);
    assert.match(JSON.stringify(bad.body), /owner_address/);
    const unknown = await h().get(
      'v3/nft/items',
      { colection_address: a(GenesisAccount.nftCollection) },
      { 'X-Strict-Params': 'true' },
    );
    assert.equal(unknown.status, 422);
    assert.match(JSON.stringify(unknown.body), /colection_address/);
    const both = await h().get('v3/dns/records', {
      wallet: a(GenesisAccount.walletV5r1),
      domain: GENESIS.dns.domain,
    });
    assert.equal(both.status, 422);
    const vesting = await h().get('v3/vesting', {});
    assert.equal(vesting.status, 422);
  });
}
