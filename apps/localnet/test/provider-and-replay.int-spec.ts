import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { Address, Cell, internal, loadShardAccount, parseTuple, toNano } from '@ton/core';
import { WalletContractV3R2, WalletContractV4 } from '@ton/ton';
import { LiteClient, LiteSingleEngine } from 'ton-lite-client';
import { fixturePath, readFixtureJson } from '@app/testing';
import { type Localnet, startLocalnet } from '../src/localnet';
import { GENESIS, GenesisAccount, MAINNET_REPLAY_FIXTURE } from '../src/seeds';

async function connect(
  localnet: Localnet,
): Promise<{ client: LiteClient; engine: LiteSingleEngine }> {
  const { host, port, publicKey } = localnet.liteservers[0]!.endpoint;
  const engine = new LiteSingleEngine({ host: `tcp://${host}:${port}`, publicKey });
  await once(engine, 'ready');
  return { client: new LiteClient({ engine }), engine };
}

// @ton/ton's contract provider path (client.open) against the local network: what dApps do.
describe('localnet through @ton/ton client.open()', () => {
  let localnet: Localnet;
  let client: LiteClient;
  let engine: LiteSingleEngine;

  before(async () => {
    localnet = await startLocalnet({ seed: 'genesis', mode: 'deterministic' });
    ({ client, engine } = await connect(localnet));
  });

  after(async () => {
    engine.close();
    await localnet.stop();
  });

  it('reads seqno and balance, sends a signed transfer, and sees it land with its history', async () => {
    const account = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2)!;
    const recipient = localnet.accounts.find((a) => a.name === GenesisAccount.walletV5r1)!;
    const wallet = client.open(
      WalletContractV4.create({ workchain: 0, publicKey: account.publicKey! }),
    );
    assert.equal(wallet.address.toRawString(), account.address.toRawString());
    assert.equal(await wallet.getSeqno(), GENESIS.finalSeqno.v4r2);
    const recipientBefore = (await localnet.chain.blockchain.getContract(recipient.address))
      .balance;

    await wallet.sendTransfer({
      seqno: GENESIS.finalSeqno.v4r2,
      secretKey: account.secretKey!,
      messages: [
        internal({ to: recipient.address, value: toNano('2'), body: 'from the provider' }),
      ],
    });
    // Deterministic mode seals as soon as the message is queued and until its trace has landed.
    await localnet.producer.idle();

    assert.equal(await wallet.getSeqno(), GENESIS.finalSeqno.v4r2 + 1);
    const recipientAfter = (await localnet.chain.blockchain.getContract(recipient.address)).balance;
    // The recipient pays its own fees out of the 2 TON it receives.
    assert.ok(recipientAfter > recipientBefore + toNano('1.99'));
    assert.ok(recipientAfter < recipientBefore + toNano('2'));
    assert.equal(
      await client.open(recipientWallet(recipient.address)).getBalance(),
      recipientAfter,
    );

    const state = await localnet.chain.blockchain.getContract(recipient.address);
    const history = await client.provider(recipient.address).getTransactions(
      recipient.address,
      state.lastTransactionLt,
      Buffer.from(state.lastTransactionHash.toString(16).padStart(64, '0'), 'hex'),
      // ton-lite-client's provider returns nothing for limit 1 (it stops when the last transaction
      // of a page is the one asked for), so ask for two.
      2,
    );
    assert.equal(history.length, 2);
    assert.equal(history[0]!.lt, state.lastTransactionLt);
    const inMsg = history[0]!.inMessage;
    assert.ok(inMsg?.info.type === 'internal');
    assert.equal(inMsg.info.src.toRawString(), account.address.toRawString());
    const body = inMsg.body.beginParse();
    assert.equal(body.loadUint(32), 0);
    assert.equal(body.loadStringTail(), 'from the provider');
  });
});

/** Any contract whose provider only reads the balance. */
function recipientWallet(address: Address): {
  address: Address;
  getBalance: (p: { getState(): Promise<{ balance: bigint }> }) => Promise<bigint>;
} {
  return { address, getBalance: async (p) => (await p.getState()).balance };
}

// The mainnet-replay seed served over lite_api: real accounts answer as they did on mainnet.
describe('localnet mainnet-replay seed over lite_api', () => {
  let localnet: Localnet;
  let client: LiteClient;
  let engine: LiteSingleEngine;
  let fixture: { address: string; balance: bigint; data: Cell; codeHash: string }[];

  before(async () => {
    localnet = await startLocalnet({
      seed: 'mainnet-replay',
      mode: 'manual',
      replayFixture: fixturePath(MAINNET_REPLAY_FIXTURE),
    });
    await localnet.producer.sealNow();
    ({ client, engine } = await connect(localnet));
    fixture = fixtureWallets();
  });

  after(async () => {
    engine.close();
    await localnet.stop();
  });

  it('serves the real balances, code and seqno of mainnet wallets', async () => {
    const info = await client.getMasterchainInfo();
    // fixtures/README: the 234 accounts include 83 wallets v4r2 and 12 v3r2.
    assert.equal(fixture.length, 95);
    for (const wallet of fixture.slice(0, 10)) {
      const address = Address.parse(wallet.address);
      const state = await client.getAccountState(address, info.last);
      assert.equal(state.balance.coins, wallet.balance, wallet.address);
      const active = state.state?.storage.state;
      assert.ok(active?.type === 'active');
      assert.equal(active.state.code!.hash().toString('hex'), wallet.codeHash);
      const seqno = await client.runMethod(address, 'seqno', Buffer.alloc(0), info.last);
      assert.equal(seqno.exitCode, 0);
      // v3/v4 wallet data starts with seqno:uint32.
      const expected = BigInt(wallet.data.beginParse().preloadUint(32));
      assert.deepEqual(parseTuple(Cell.fromBase64(seqno.result!)), [
        { type: 'int', value: expected },
      ]);
    }
  });
});

/** Active wallets v3r2/v4r2 of the replay fixture, read from the fixture itself (not the seed). */
function fixtureWallets(): { address: string; balance: bigint; data: Cell; codeHash: string }[] {
  const key = { workchain: 0, publicKey: Buffer.alloc(32) };
  const walletCodes = new Set(
    [WalletContractV4.create(key).init.code, WalletContractV3R2.create(key).init.code].map((c) =>
      c.hash().toString('hex'),
    ),
  );
  const json = readFixtureJson(MAINNET_REPLAY_FIXTURE);
  assert.ok(typeof json === 'object' && json !== null && 'previous_accounts' in json);
  const accounts = json.previous_accounts;
  assert.ok(Array.isArray(accounts));
  const out: { address: string; balance: bigint; data: Cell; codeHash: string }[] = [];
  for (const entry of accounts as { account: string; shard_account_boc_base64: string }[]) {
    const shardAccount = loadShardAccount(
      Cell.fromBase64(entry.shard_account_boc_base64).beginParse(),
    );
    const state = shardAccount.account?.storage.state;
    if (state?.type !== 'active' || !state.state.code || !state.state.data) {
      continue;
    }
    const codeHash = state.state.code.hash().toString('hex');
    if (walletCodes.has(codeHash)) {
      out.push({
        address: entry.account,
        balance: shardAccount.account!.storage.balance.coins,
        data: state.state.data,
        codeHash,
      });
    }
  }
  return out;
}
