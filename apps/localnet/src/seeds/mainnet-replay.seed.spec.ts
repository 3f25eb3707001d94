import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { fixturePath, readFixtureJson } from '@app/testing';
import { Address, Cell, type ShardAccount, loadShardAccount } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { z } from 'zod';

import { JettonMinter } from '../contracts';
import { emulatorSeedContext } from './emulator-seed-context';
import { GENESIS, GenesisAccount, GenesisSeed } from './genesis.seed';
import { MAINNET_REPLAY_FIXTURE, MainnetReplaySeed } from './mainnet-replay.seed';
import type { SeedAccount } from './seed-context';

/** The two parts of the fixture this spec reads itself, independently of the seed. */
const Fixture = z.object({
  config: z.object({ config_root_boc_base64: z.string() }),
  previous_accounts: z.array(
    z.object({ account: z.string(), shard_account_boc_base64: z.string() }),
  ),
});

/** The fixture read here independently of the seed: raw address → ShardAccount before the block. */
function fixtureAccounts(): Map<string, ShardAccount> {
  const entries = Fixture.parse(readFixtureJson(MAINNET_REPLAY_FIXTURE)).previous_accounts;
  return new Map(
    entries.map((e) => [
      e.account,
      loadShardAccount(
        Cell.fromBoc(Buffer.from(e.shard_account_boc_base64, 'base64'))[0]!.beginParse(),
      ),
    ]),
  );
}

function activeState(shardAccount: ShardAccount): { code: Cell; data: Cell } {
  const state = shardAccount.account?.storage.state;
  assert.ok(state?.type === 'active' && state.state.code && state.state.data);
  return { code: state.state.code, data: state.state.data };
}

void describe(MainnetReplaySeed.name, () => {
  let blockchain: Blockchain;
  let accounts: SeedAccount[];
  let expected: Map<string, ShardAccount>;

  before(async () => {
    expected = fixtureAccounts();
    blockchain = await Blockchain.create();
    accounts = await new MainnetReplaySeed(fixturePath(MAINNET_REPLAY_FIXTURE)).run(
      emulatorSeedContext(blockchain),
    );
  });

  void it('loads all 234 accounts with the fixture’s balances, code, data and last transaction', async () => {
    assert.equal(accounts.length, 234);
    assert.deepEqual(
      accounts.map((a) => a.address.toRawString()).sort(),
      [...expected.keys()].sort(),
    );
    for (const [raw, shardAccount] of expected) {
      const contract = await blockchain.getContract(Address.parseRaw(raw));
      assert.equal(contract.balance, shardAccount.account?.storage.balance.coins ?? 0n, raw);
      assert.equal(contract.lastTransactionLt, shardAccount.lastTransactionLt, raw);
      const state = shardAccount.account?.storage.state;
      if (state?.type === 'active') {
        const loaded = contract.accountState;
        assert.ok(loaded?.type === 'active', raw);
        assert.equal(
          loaded.state.code?.hash().toString('hex'),
          state.state.code?.hash().toString('hex'),
          raw,
        );
        assert.equal(
          loaded.state.data?.hash().toString('hex'),
          state.state.data?.hash().toString('hex'),
          raw,
        );
      }
    }
    const none = accounts.find(
      (a) =>
        a.address.toRawString() ===
        '0:cc4629e3c4be256f2af3e7ca22e0cacf9285be6172fadd6fa7fc3bd5c90f3d4a',
    );
    assert.equal(none?.kind, 'unknown');
    assert.equal(
      expected.get('0:cc4629e3c4be256f2af3e7ca22e0cacf9285be6172fadd6fa7fc3bd5c90f3d4a')?.account,
      undefined,
    );
  });

  void it('installs the mainnet config of the fixture', () => {
    const config = Fixture.parse(readFixtureJson(MAINNET_REPLAY_FIXTURE)).config;
    const root = Cell.fromBoc(Buffer.from(config.config_root_boc_base64, 'base64'))[0]!;
    assert.equal(blockchain.config.hash().toString('hex'), root.hash().toString('hex'));
  });

  void it('names the accounts by address and detects their kinds', () => {
    assert.ok(accounts.every((a) => a.name === `mainnet:${a.address.toRawString()}`));
    const kinds: Record<string, number> = {};
    for (const a of accounts) {
      const key = a.walletVersion === undefined ? a.kind : `${a.kind}:${a.walletVersion}`;
      kinds[key] = (kinds[key] ?? 0) + 1;
    }
    assert.deepEqual(kinds, {
      'wallet:v3r2': 12,
      'wallet:v4r2': 83,
      'wallet:v5r1': 112,
      wallet: 2,
      'jetton-wallet': 8,
      'jetton-minter': 3,
      'nft-collection': 1,
      unknown: 13,
    });
  });

  void it('runs seqno on real wallets: the seqno field of their data', async () => {
    for (const version of ['v3r2', 'v4r2', 'v5r1'] as const) {
      const wallet = accounts.find((a) => a.walletVersion === version);
      assert.ok(wallet);
      const { data } = activeState(expected.get(wallet.address.toRawString())!);
      // v3/v4: seqno:uint32 first; v5r1: is_signature_allowed:Bool then seqno:uint32
      const slice = data.beginParse();
      slice.skip(version === 'v5r1' ? 1 : 0);
      const seqno = slice.loadUint(32);
      const result = await blockchain.runGetMethod(wallet.address, 'seqno');
      assert.equal(
        result.stackReader.readNumber(),
        seqno,
        `${version} ${wallet.address.toRawString()}`,
      );
      const publicKey = data
        .beginParse()
        .skip(version === 'v5r1' ? 65 : 64)
        .loadBuffer(32);
      assert.equal(wallet.publicKey?.toString('hex'), publicKey.toString('hex'));
    }
  });

  void it('runs get_wallet_data on a USDT wallet (code from a library) and on a plain Jetton wallet', async () => {
    // USDT wallet data: status:uint4 balance:Coins owner_address:MsgAddress jetton_master_address:MsgAddress
    const usdt = '0:88dac67cceadb9cae6faac7118f05c0fa95df36c2a92e686ac39d96310d0a387';
    const usdtState = activeState(expected.get(usdt)!);
    assert.equal(usdtState.code.isExotic, true);
    const usdtData = usdtState.data.beginParse().skip(4);
    // Standard (TEP-74 reference) data: balance:Coins owner_address jetton_master_address ...
    const plain = '0:93503d3a286a25f9bde372166fb330b1b2490f00ab1fe0f5293b6cb61f811219';
    const plainData = activeState(expected.get(plain)!).data.beginParse();
    for (const [raw, data] of [
      [usdt, usdtData],
      [plain, plainData],
    ] as const) {
      const balance = data.loadCoins();
      const owner = data.loadAddress();
      const master = data.loadAddress();
      const reader = (await blockchain.runGetMethod(Address.parseRaw(raw), 'get_wallet_data'))
        .stackReader;
      assert.equal(reader.readBigNumber(), balance);
      assert.equal(reader.readAddress().toRawString(), owner.toRawString());
      assert.equal(reader.readAddress().toRawString(), master.toRawString());
      const account = accounts.find((a) => a.address.toRawString() === raw);
      assert.equal(account?.kind, 'jetton-wallet');
      assert.equal(account.owner?.toRawString(), owner.toRawString());
      assert.equal(account.jettonMaster?.toRawString(), master.toRawString());
    }
    assert.equal(usdtData.remainingBits, 0);
  });

  void it('lets the genesis seed run on top of it, under the mainnet config', async () => {
    // the genesis seed itself checks every seqno, the Jetton balances and the NFT owners as it goes
    const genesis = await new GenesisSeed().run(emulatorSeedContext(blockchain));
    assert.equal(genesis.length, 18);
    const minter = genesis.find((a) => a.name === GenesisAccount.jettonMinter);
    assert.ok(minter);
    const supply = await blockchain
      .openContract(JettonMinter.createFromAddress(minter.address))
      .getJettonData();
    assert.equal(supply.totalSupply, GENESIS.jetton.finalTotalSupply);
  });
});
