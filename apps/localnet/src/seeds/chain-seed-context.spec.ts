import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { fixturePath } from '@app/testing';
import { Dictionary } from '@ton/core';

import { LocalChain } from '../chain/local-chain';
import { JettonWallet, NftItem } from '../contracts';
import { seedContextFor } from './chain-seed-context';
import { GenesisAccount, GenesisSeed } from './genesis.seed';
import { MAINNET_REPLAY_FIXTURE, MainnetReplaySeed } from './mainnet-replay.seed';
import type { SeedAccount } from './seed-context';

const BASECHAIN_SHARD = 0x8000000000000000n;

void describe(seedContextFor.name, () => {
  let chain: LocalChain;
  let genesis: SeedAccount[];

  const address = (name: string) => {
    const found = genesis.find((a) => a.name === name);
    assert.ok(found, name);
    return found.address;
  };

  before(async () => {
    chain = await LocalChain.create();
    genesis = await new GenesisSeed().run(seedContextFor(chain));
  });

  after(() => {
    chain.close();
  });

  void it('puts the genesis traffic into the chain’s blocks: 79 basechain transactions', () => {
    let transactions = 0;
    for (let seqno = 1; ; seqno++) {
      const block = chain.block(0, BASECHAIN_SHARD, seqno);
      if (block === undefined) {
        break;
      }
      transactions += block.transactions.length;
    }
    assert.equal(transactions, 79);
  });

  void it('leaves the genesis state on the chain (seqnos, Jetton balances, NFT owner)', async () => {
    const seqnos = await Promise.all(
      [GenesisAccount.walletV3r2, GenesisAccount.walletV4r2, GenesisAccount.walletV5r1].map(
        async (name) =>
          (await chain.blockchain.runGetMethod(address(name), 'seqno')).stackReader.readNumber(),
      ),
    );
    assert.deepEqual(seqnos, [9, 7, 5]);
    const w3 = chain.blockchain.openContract(
      JettonWallet.createFromAddress(address(GenesisAccount.jettonWalletV3r2)),
    );
    assert.equal((await w3.getWalletData()).balance, 750_000_000_000n);
    const item0 = chain.blockchain.openContract(
      NftItem.createFromAddress(address(GenesisAccount.nftItem0)),
    );
    assert.equal(
      (await item0.getNftData()).owner?.toRawString(),
      address(GenesisAccount.walletV3r2).toRawString(),
    );
  });

  void it('loads the mainnet replay keeping the chain’s global id and validators in the emulator config', async () => {
    const before = Dictionary.loadDirect(
      Dictionary.Keys.Int(32),
      Dictionary.Values.Cell(),
      chain.blockchain.config,
    );
    const accounts = await new MainnetReplaySeed(fixturePath(MAINNET_REPLAY_FIXTURE)).run(
      seedContextFor(chain),
    );
    assert.equal(accounts.length, 234);
    const after = Dictionary.loadDirect(
      Dictionary.Keys.Int(32),
      Dictionary.Values.Cell(),
      chain.blockchain.config,
    );
    assert.equal(after.get(19)?.hash().toString('hex'), before.get(19)?.hash().toString('hex'));
    assert.equal(after.get(34)?.hash().toString('hex'), before.get(34)?.hash().toString('hex'));
    // the rest is mainnet's less its other validator sets: 38 params, global version 13 (ConfigParam 8:
    // capabilities#c4 version:uint32)
    assert.equal(after.size, 38);
    assert.equal(after.has(32), false);
    assert.equal(after.get(8)?.beginParse().skip(8).loadUint(32), 13);
  });
});
