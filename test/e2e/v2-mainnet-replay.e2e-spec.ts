import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Address, Cell, loadShardAccount } from '@ton/core';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { fixturePath, readFixtureJson } from '@app/testing';
import { MAINNET_REPLAY_FIXTURE } from '@app/localnet';
import { withoutExtra } from './support/v2-expectations';
import { startV2Harness, type V2Harness } from './support/v2-harness';

/** Real mainnet accounts of the replay fixture, read from the fixture itself (not from the seed). */
interface FixtureAccount {
  readonly address: Address;
  readonly balance: bigint;
  readonly code: Cell | undefined;
  readonly data: Cell | undefined;
}

function fixtureAccounts(): FixtureAccount[] {
  const json = readFixtureJson(MAINNET_REPLAY_FIXTURE);
  assert.ok(typeof json === 'object' && json !== null && 'previous_accounts' in json);
  assert.ok(Array.isArray(json.previous_accounts));
  return (json.previous_accounts as { account: string; shard_account_boc_base64: string }[]).map(
    (entry) => {
      const account = loadShardAccount(
        Cell.fromBase64(entry.shard_account_boc_base64).beginParse(),
      ).account;
      const state = account?.storage.state;
      return {
        address: Address.parseRaw(entry.account),
        balance: account?.storage.balance.coins ?? 0n,
        code: state?.type === 'active' ? (state.state.code ?? undefined) : undefined,
        data: state?.type === 'active' ? (state.state.data ?? undefined) : undefined,
      };
    },
  );
}

const key = { workchain: 0, publicKey: Buffer.alloc(32) };
const V4_CODE = WalletContractV4.create(key).init.code.hash().toString('hex');
const V5_CODE = WalletContractV5R1.create(key).init.code.hash().toString('hex');

// The whole v2 service over the mainnet-replay seed: real mainnet wallets answer as on mainnet.
describe('v2 API over the mainnet-replay seed', () => {
  let harness: V2Harness;
  let accounts: FixtureAccount[];

  before(async () => {
    harness = await startV2Harness({
      seed: 'mainnet-replay',
      replayFixture: fixturePath(MAINNET_REPLAY_FIXTURE),
    });
    await harness.localnet.producer.sealNow();
    accounts = fixtureAccounts();
  });

  after(async () => {
    await harness.close();
  });

  it('getAddressBalance answers every replayed account with its mainnet balance', async () => {
    for (const account of accounts.slice(0, 40)) {
      const { status, body } = await harness.get('getAddressBalance', {
        address: account.address.toRawString(),
      });
      assert.equal(status, 200);
      assert.equal(body.result, account.balance.toString(), account.address.toRawString());
    }
  });

  it('getWalletInformation reads seqno and wallet_id of real v4r2 and v5r1 wallets', async () => {
    const v4 = accounts.find((a) => a.code?.hash().toString('hex') === V4_CODE);
    const v5 = accounts.find((a) => a.code?.hash().toString('hex') === V5_CODE);
    assert.ok(v4?.data && v5?.data);
    // wallet v4 data: seqno:uint32 wallet_id:uint32 public_key:bits256 plugins:(HashmapE …)
    const v4Data = v4.data.beginParse();
    const v4Seqno = v4Data.loadUint(32);
    const v4WalletId = v4Data.loadUint(32);
    const four = await harness.get('getWalletInformation', { address: v4.address.toRawString() });
    assert.equal(four.status, 200);
    const fourResult = four.body.result as Record<string, unknown>;
    assert.equal(fourResult.wallet, true);
    assert.equal(fourResult.wallet_type, 'wallet v4 r2');
    assert.equal(fourResult.seqno, v4Seqno);
    assert.equal(fourResult.wallet_id, v4WalletId | 0);
    assert.equal(fourResult.balance, v4.balance.toString());

    // wallet v5 data: is_signature_allowed:Bool seqno:uint32 wallet_id:int32 …
    const v5Data = v5.data.beginParse();
    const signatureAllowed = v5Data.loadBit();
    const v5Seqno = v5Data.loadUint(32);
    const v5WalletId = v5Data.loadInt(32);
    const five = await harness.get('getWalletInformation', { address: v5.address.toRawString() });
    const fiveResult = five.body.result as Record<string, unknown>;
    assert.equal(fiveResult.wallet_type, 'wallet v5 r1');
    assert.equal(fiveResult.seqno, v5Seqno);
    assert.equal(fiveResult.wallet_id, v5WalletId);
    assert.equal(fiveResult.is_signature_allowed, signatureAllowed);
  });

  it('runGetMethod seqno on a real wallet returns its data’s seqno, as a legacy stack', async () => {
    const v4 = accounts.find((a) => a.code?.hash().toString('hex') === V4_CODE);
    assert.ok(v4?.data);
    const seqno = v4.data.beginParse().loadUint(32);
    const { status, body } = await harness.post('runGetMethod', {
      address: v4.address.toString({ urlSafe: true, bounceable: true }),
      method: 'seqno',
      stack: [],
    });
    assert.equal(status, 200);
    const result = body.result as { exit_code: number; stack: unknown[] };
    assert.equal(result.exit_code, 0);
    assert.deepEqual(result.stack, [['num', `0x${seqno.toString(16)}`]]);
  });

  it('getAddressInformation: balance, code and data of real accounts as mainnet had them, same over GET, POST and JSON-RPC', async () => {
    const active = accounts.filter((a) => a.code !== undefined).slice(0, 12);
    assert.equal(active.length, 12);
    for (const account of active) {
      const address = account.address.toString();
      const got = await harness.get('getAddressInformation', { address });
      assert.equal(got.status, 200, address);
      const result = got.body.result as {
        balance: string;
        code: string;
        data: string;
        state: string;
      };
      assert.equal(result.state, 'active');
      assert.equal(result.balance, account.balance.toString());
      assert.equal(
        Cell.fromBase64(result.code).hash().toString('hex'),
        account.code?.hash().toString('hex'),
      );
      assert.equal(
        Cell.fromBase64(result.data).hash().toString('hex'),
        account.data?.hash().toString('hex'),
      );
      const posted = await harness.post('getAddressInformation', { address });
      const rpc = await harness.jsonRpc('getAddressInformation', { address });
      assert.deepEqual(withoutExtra(posted.body), withoutExtra(got.body));
      assert.deepEqual((rpc.body as { result: unknown }).result, got.body.result);
    }
  });

  it('getAddressState: active for the replayed accounts with code, uninitialized for the one that did not exist (toncenter 2.1 wording)', async () => {
    const none = accounts.filter((a) => a.code === undefined && a.balance === 0n);
    assert.equal(none.length, 1, 'the fixture holds one account_none');
    const state = async (a: FixtureAccount) =>
      (await harness.get('getAddressState', { address: a.address.toRawString() })).body.result;
    assert.equal(await state(none[0]!), 'uninitialized');
    for (const account of accounts.filter((a) => a.code !== undefined).slice(0, 5)) {
      assert.equal(await state(account), 'active');
    }
  });
});
