import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Address } from '@ton/core';
import TonWeb from 'tonweb';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { bootOnce } from './support/boot-once';
import { startV2Harness } from './support/v2-harness';
import {
  expectedActiveAccount,
  fullAccountStateHead,
  withoutExtra,
} from './support/v2-expectations';
import {
  accountContext,
  boc,
  field,
  friendly,
  rawUpper,
  ZERO_HASH,
} from './v2-accounts/account-context';

/**
 * The v2 accounts endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) against the
 * genesis localnet: balances, states, wallet detection, tonlib account states and token data, with
 * values from the emulator's own records and the genesis seed's constants.
 */
describe('v2 accounts endpoints', () => {
  const { harness, nobody, account, codeOf, walletBase, expectEverywhere } = accountContext(
    bootOnce(() => startV2Harness()),
  );

  it('getAddressBalance answers the balance string, "0" for a nonexistent account', async () => {
    const v4 = account(GenesisAccount.walletV4r2).address;
    const contract = await harness().localnet.chain.blockchain.getContract(v4);
    await expectEverywhere(
      'getAddressBalance',
      { address: friendly(v4) },
      contract.balance.toString(),
    );
    await expectEverywhere('getAddressBalance', { address: nobody.toRawString() }, '0');
  });

  it('getAddressState answers active / uninitialized, also as of an older block', async () => {
    const v3 = account(GenesisAccount.walletV3r2).address;
    await expectEverywhere('getAddressState', { address: v3.toRawString() }, 'active');
    await expectEverywhere('getAddressState', { address: nobody.toRawString() }, 'uninitialized');
    // At masterchain block 1 the genesis wallets had not been deployed yet.
    await expectEverywhere(
      'getAddressState',
      { address: v3.toRawString(), seqno: '1' },
      'uninitialized',
    );
  });

  it('getWalletInformation recognises the genesis v3r2, v4r2 and v5r1 wallets', async () => {
    const cases = [
      [GenesisAccount.walletV3r2, 'wallet v3 r2', GENESIS.finalSeqno.v3r2],
      [GenesisAccount.walletV4r2, 'wallet v4 r2', GENESIS.finalSeqno.v4r2],
      [GenesisAccount.walletV5r1, 'wallet v5 r1', GENESIS.finalSeqno.v5r1],
    ] as const;
    for (const [name, walletType, seqno] of cases) {
      const wallet = account(name);
      assert.ok(wallet.walletId !== undefined);
      await expectEverywhere(
        'getWalletInformation',
        { address: friendly(wallet.address) },
        {
          ...(await walletBase(wallet.address)),
          wallet: true,
          wallet_type: walletType,
          seqno,
          wallet_id: wallet.walletId,
          ...(name === GenesisAccount.walletV5r1 ? { is_signature_allowed: true } : {}),
        },
      );
    }
  });

  it('getWalletInformation as of masterchain block 1, before the wallets were deployed', async () => {
    const v5 = account(GenesisAccount.walletV5r1).address;
    await expectEverywhere(
      'getWalletInformation',
      { address: friendly(v5), seqno: '1' },
      {
        '@type': 'ext.accounts.walletInformation',
        wallet: false,
        balance: '0',
        account_state: 'uninitialized',
        last_transaction_id: { '@type': 'internal.transactionId', lt: '0', hash: ZERO_HASH },
      },
    );
  });

  it('getWalletInformation: a contract and a nonexistent account are not wallets', async () => {
    const minter = account(GenesisAccount.jettonMinter).address;
    await expectEverywhere(
      'getWalletInformation',
      { address: minter.toRawString() },
      { ...(await walletBase(minter)), wallet: false },
    );
    await expectEverywhere(
      'getWalletInformation',
      { address: nobody.toRawString() },
      {
        '@type': 'ext.accounts.walletInformation',
        wallet: false,
        balance: '0',
        account_state: 'uninitialized',
        last_transaction_id: { '@type': 'internal.transactionId', lt: '0', hash: ZERO_HASH },
      },
    );
  });

  it('getExtendedAddressInformation renders tonlib account states', async () => {
    const head = await expectedActiveAccount(
      harness().localnet,
      account(GenesisAccount.walletV3r2).address,
    );
    const common = async (address: Address) =>
      fullAccountStateHead(
        friendly(address),
        await expectedActiveAccount(harness().localnet, address),
      );
    const v3 = account(GenesisAccount.walletV3r2);
    const v4 = account(GenesisAccount.walletV4r2);
    const v5 = account(GenesisAccount.walletV5r1);
    await expectEverywhere(
      'getExtendedAddressInformation',
      { address: friendly(v3.address) },
      {
        ...(await common(v3.address)),
        account_state: {
          '@type': 'wallet.v3.accountState',
          wallet_id: v3.walletId,
          seqno: GENESIS.finalSeqno.v3r2,
        },
        revision: 2,
      },
    );
    await expectEverywhere(
      'getExtendedAddressInformation',
      { address: v4.address.toRawString() },
      {
        ...(await common(v4.address)),
        account_state: {
          '@type': 'wallet.v4.accountState',
          wallet_id: v4.walletId,
          seqno: GENESIS.finalSeqno.v4r2,
        },
        revision: 2,
      },
    );
    // tonlib does not know v5 wallets: they are raw account states
    // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
    const v5Info = await expectedActiveAccount(harness().localnet, v5.address);
    await expectEverywhere(
      'getExtendedAddressInformation',
      { address: friendly(v5.address) },
      {
        ...(await common(v5.address)),
        account_state: {
          '@type': 'raw.accountState',
          code: v5Info.code,
          data: v5Info.data,
          frozen_hash: '',
        },
        revision: 0,
      },
    );
    await expectEverywhere(
      'getExtendedAddressInformation',
      { address: nobody.toRawString() },
      {
        '@type': 'fullAccountState',
        address: { '@type': 'accountAddress', account_address: friendly(nobody) },
        balance: '0',
        extra_currencies: [],
        last_transaction_id: { '@type': 'internal.transactionId', lt: '0', hash: ZERO_HASH },
        block_id: head.block_id,
        sync_utime: harness().localnet.chain.accountBlockAt(
          harness().localnet.chain.head().id.seqno,
          nobody,
        ).genUtime,
        account_state: { '@type': 'uninited.accountState', frozen_hash: '' },
        revision: 0,
      },
    );
  });

  it('getTokenData answers the Jetton master and wallets', async () => {
    const minter = account(GenesisAccount.jettonMinter);
    const v3 = account(GenesisAccount.walletV3r2).address;
    const v4 = account(GenesisAccount.walletV4r2).address;
    const w3 = account(GenesisAccount.jettonWalletV3r2).address;
    const w4 = account(GenesisAccount.jettonWalletV4r2).address;
    const walletCode = boc(await codeOf(w3));
    await expectEverywhere(
      'getTokenData',
      { address: friendly(minter.address) },
      {
        '@type': 'ext.tokens.jettonMasterData',
        address: friendly(minter.address),
        contract_type: 'jetton_master',
        total_supply: GENESIS.jetton.finalTotalSupply.toString(),
        mintable: true,
        admin_address: friendly(v3),
        jetton_content: { type: 'onchain', data: { ...GENESIS.jetton.content } },
        jetton_wallet_code: walletCode,
      },
    );
    for (const [wallet, owner, balance] of [
      [w3, v3, GENESIS.jetton.finalBalanceV3r2],
      [w4, v4, GENESIS.jetton.finalBalanceV4r2],
    ] as const) {
      await expectEverywhere(
        'getTokenData',
        { address: wallet.toRawString() },
        {
          '@type': 'ext.tokens.jettonWalletData',
          // The address is echoed in the form it was given (raw here).
          address: rawUpper(wallet),
          contract_type: 'jetton_wallet',
          balance: balance.toString(),
          owner: friendly(owner),
          jetton: friendly(minter.address),
          jetton_wallet_code: walletCode,
        },
      );
    }
  });

  it('getTokenData answers the NFT collection and items with their full content', async () => {
    const collection = account(GenesisAccount.nftCollection).address;
    await expectEverywhere(
      'getTokenData',
      { address: friendly(collection) },
      {
        '@type': 'ext.tokens.nftCollectionData',
        address: friendly(collection),
        contract_type: 'nft_collection',
        next_item_index: GENESIS.nft.itemCount.toString(),
        collection_content: { type: 'offchain', data: GENESIS.nft.collectionContentUri },
        owner_address: friendly(account(GenesisAccount.walletV4r2).address),
      },
    );
    for (const name of [GenesisAccount.nftItem0, GenesisAccount.nftItem1]) {
      const item = account(name);
      assert.ok(item.index !== undefined && item.owner);
      await expectEverywhere(
        'getTokenData',
        { address: friendly(item.address) },
        {
          '@type': 'ext.tokens.nftItemData',
          address: friendly(item.address),
          contract_type: 'nft_item',
          init: true,
          index: item.index.toString(),
          collection_address: friendly(collection),
          owner_address: friendly(item.owner),
          content: {
            type: 'offchain',
            data: `${GENESIS.nft.commonContentUri}${item.index.toString()}.json`,
          },
        },
      );
    }
  });

  it('getTokenData is a 409 for wallets, other contracts and a nonexistent account', async () => {
    const others = [
      GenesisAccount.walletV4r2,
      GenesisAccount.dnsItem,
      GenesisAccount.vestingWallet,
      GenesisAccount.multisig,
    ].map((name) => account(name).address);
    for (const address of [...others, nobody]) {
      const { status, body } = await harness().get('getTokenData', {
        address: address.toRawString(),
      });
      assert.equal(status, 409);
      assert.deepEqual(withoutExtra(body), {
        ok: false,
        error: `Smart contract ${rawUpper(address)} is not Jetton or NFT`,
        code: 409,
      });
    }
    // A friendly address is echoed url-safe with the flags it was given (non-bounceable, test-only).
    const given = nobody.toString({ urlSafe: false, bounceable: false, testOnly: true });
    const echoed = nobody.toString({ urlSafe: true, bounceable: false, testOnly: true });
    const rpc = await harness().jsonRpc('getTokenData', { address: given });
    assert.equal(rpc.status, 409);
    assert.equal(rpc.body.error, `Smart contract ${echoed} is not Jetton or NFT`);
  });

  it('bad input is a 422 naming the parameter, for every accounts method', async () => {
    const methods = [
      'getAddressBalance',
      'getAddressState',
      'getWalletInformation',
      'getExtendedAddressInformation',
      'getTokenData',
    ];
    const v3 = account(GenesisAccount.walletV3r2).address.toRawString();
    for (const method of methods) {
      const cases: [Record<string, string>, string][] = [
        [
          { address: 'invalid' },
          "failed to parse get request: Failed to parse ton_addr: 'invalid'",
        ],
        [{}, 'failed to validate request: empty address'],
        [{ address: v3, seqno: '0' }, 'failed to validate request: seqno should be positive'],
        [{ address: v3, seqno: 'x' }, 'failed to parse get request: failed to parse seqno'],
      ];
      for (const [params, error] of cases) {
        const { status, body } = await harness().get(method, params);
        assert.equal(status, 422, `${method} ${JSON.stringify(params)}`);
        assert.deepEqual(withoutExtra(body), { ok: false, error, code: 422 }, method);
      }
      const post = await harness().post(method, { address: 'invalid' });
      assert.equal(post.status, 422);
      assert.equal(
        post.body.error,
        "failed to parse post request: Failed to parse ton_addr: 'invalid'",
      );
      const unknown = await harness().post(method, { address: v3, given_address: v3 });
      assert.equal(unknown.status, 422);
      assert.equal(unknown.body.error, "failed to validate request: unknown field 'given_address'");
      const rpc = await harness().jsonRpc(method, { address: 'invalid' });
      assert.equal(rpc.status, 422);
      assert.equal(rpc.body.ok, false);
    }
  });

  it('tonweb HttpProvider reads address and wallet information unmodified', async () => {
    const provider = new TonWeb.HttpProvider(`${harness().baseUrl}/api/v2/jsonRPC`);
    const v4 = account(GenesisAccount.walletV4r2);
    const address = friendly(v4.address);
    const info: unknown = await provider.getAddressInfo(address);
    assert.deepEqual(info, await expectedActiveAccount(harness().localnet, v4.address));
    const wallet: unknown = await provider.getWalletInfo(address);
    assert.equal(field(wallet, 'wallet'), true);
    assert.equal(field(wallet, 'wallet_type'), 'wallet v4 r2');
    assert.equal(field(wallet, 'seqno'), GENESIS.finalSeqno.v4r2);
    assert.equal(field(wallet, 'wallet_id'), v4.walletId);
    const balance: unknown = await provider.getBalance(address);
    assert.equal(
      balance,
      (await harness().localnet.chain.blockchain.getContract(v4.address)).balance.toString(),
    );
    const extended: unknown = await provider.getExtendedAddressInfo(address);
    assert.deepEqual(field(extended, 'account_state'), {
      '@type': 'wallet.v4.accountState',
      wallet_id: v4.walletId,
      seqno: GENESIS.finalSeqno.v4r2,
    });
  });
});
