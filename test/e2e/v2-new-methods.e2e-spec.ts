import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  Address,
  beginCell,
  Cell,
  external,
  internal,
  SendMode,
  storeMessage,
  storeShardAccount,
  toNano,
} from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { GENESIS, GenesisAccount, type SeedAccount } from '@app/localnet';
import { MAX_JSON_RPC_BATCH } from '@app/gateway';
import { startV2Harness, type V2Harness } from './support/v2-harness';
import { withoutExtra } from './support/v2-expectations';

function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true });
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

/**
 * The v2 methods toncenter 2.1 has and this service lacked (getShardAccountCell, dnsResolve,
 * sendBocReturnHashNoError) and JSON-RPC 2.0 batches, against the genesis localnet: expected values
 * come from the emulator's own records of the accounts.
 */
describe('v2 getShardAccountCell, dnsResolve, sendBocReturnHashNoError and JSON-RPC batches', () => {
  let harness: V2Harness;

  before(async () => {
    harness = await startV2Harness();
  });

  after(async () => {
    await harness.close();
  });

  function account(name: string): SeedAccount {
    const found = harness.localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found;
  }

  async function rawPost(path: string, body: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${harness.baseUrl}/api/v2/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, body: await response.json() };
  }

  describe('getShardAccountCell', () => {
    it('answers the ShardAccount cell the emulator holds, over GET, POST and JSON-RPC', async () => {
      const wallet = account(GenesisAccount.walletV4r2).address;
      const contract = await harness.localnet.chain.blockchain.getContract(wallet);
      const expected = beginCell().store(storeShardAccount(contract.account)).endCell();
      for (const reply of [
        await harness.get('getShardAccountCell', { address: friendly(wallet) }),
        await harness.post('getShardAccountCell', { address: wallet.toRawString() }),
        await harness.jsonRpc('getShardAccountCell', { address: friendly(wallet) }),
      ]) {
        assert.equal(reply.status, 200);
        const result = reply.body.result as { '@type': string; bytes: string };
        assert.equal(result['@type'], 'tvm.cell');
        const [root] = Cell.fromBoc(Buffer.from(result.bytes, 'base64'));
        assert.ok(root);
        assert.equal(root.hash().toString('hex'), expected.hash().toString('hex'));
      }
    });

    it('answers account_none and zeros for an account that does not exist', async () => {
      const nobody = new Address(0, Buffer.alloc(32, 0x12));
      const reply = await harness.get('getShardAccountCell', { address: nobody.toRawString() });
      const none = beginCell()
        .storeRef(beginCell().storeBit(false).endCell())
        .storeUint(0n, 256)
        .storeUint(0n, 64)
        .endCell();
      assert.deepEqual(withoutExtra(reply.body), {
        ok: true,
        result: {
          '@type': 'tvm.cell',
          bytes: none.toBoc({ idx: false, crc32: true }).toString('base64'),
        },
      });
    });

    it('refuses a seqno that is not positive, as 2.1 does', async () => {
      const reply = await harness.get('getShardAccountCell', {
        address: account(GenesisAccount.walletV4r2).address.toRawString(),
        seqno: 0,
      });
      assert.deepEqual(withoutExtra(reply.body), {
        ok: false,
        error: 'failed to validate request: seqno should be positive',
        code: 422,
      });
    });
  });

  describe('dnsResolve', () => {
    function walletRecord(): Record<string, unknown> {
      // The genesis DNS item `localnet` holds one record: `wallet` → the v5r1 wallet.
      return {
        '@type': 'dns.entry',
        name: '.',
        category: sha256('wallet'),
        entry: {
          '@type': 'dns.entryDataSmcAddress',
          smc_address: {
            '@type': 'accountAddress',
            account_address: friendly(account(GenesisAccount.walletV5r1).address),
          },
        },
      };
    }

    it('resolves the DNS item’s own name to its records', async () => {
      const item = friendly(account(GenesisAccount.dnsItem).address);
      const expected = { ok: true, result: { '@type': 'dns.resolved', entries: [walletRecord()] } };
      assert.deepEqual(
        withoutExtra((await harness.get('dnsResolve', { address: item })).body),
        expected,
      );
      assert.deepEqual(
        withoutExtra((await harness.post('dnsResolve', { address: item, name: '.' })).body),
        expected,
      );
      assert.deepEqual(
        withoutExtra((await harness.get('dnsResolve', { address: item, category: 'wallet' })).body),
        expected,
      );
      assert.deepEqual(
        withoutExtra(
          (await harness.get('dnsResolve', { address: item, category: sha256('wallet') })).body,
        ),
        expected,
      );
    });

    it('answers no entries for a category or a subdomain the item does not have', async () => {
      const item = friendly(account(GenesisAccount.dnsItem).address);
      const none = { ok: true, result: { '@type': 'dns.resolved', entries: [] } };
      assert.deepEqual(
        withoutExtra((await harness.get('dnsResolve', { address: item, category: 'site' })).body),
        none,
      );
      assert.deepEqual(
        withoutExtra((await harness.get('dnsResolve', { address: item, name: 'sub' })).body),
        none,
      );
    });

    it('answers a contract that is no resolver with tonlib’s error, and bad input with 422', async () => {
      const wallet = friendly(account(GenesisAccount.walletV4r2).address);
      assert.deepEqual(withoutExtra((await harness.get('dnsResolve', { address: wallet })).body), {
        ok: false,
        error: 'get method failed',
        code: 500,
      });
      const item = friendly(account(GenesisAccount.dnsItem).address);
      assert.deepEqual(
        withoutExtra((await harness.get('dnsResolve', { address: item, ttl: -1 })).body),
        { ok: false, error: 'failed to validate request: ttl should be non-negative', code: 422 },
      );
      assert.deepEqual(
        withoutExtra(
          (await harness.get('dnsResolve', { address: item, name: 'x'.repeat(127) })).body,
        ),
        { ok: false, error: 'failed to parse get request: failed to parse name', code: 422 },
      );
    });

    it('starts from the root DNS of config param 4 when no address is given', async () => {
      // The local network's config names mainnet's root DNS, which has no account here.
      const root = await harness.get('getConfigParam', { config_id: 4 });
      assert.equal(root.status, 200);
      assert.deepEqual(
        withoutExtra((await harness.get('dnsResolve', { name: 'alice.ton' })).body),
        {
          ok: false,
          error: 'get method failed',
          code: 500,
        },
      );
    });
  });

  describe('sendBocReturnHashNoError', () => {
    function v4Transfer(seqno: number): Cell {
      const seed = account(GenesisAccount.walletV4r2);
      assert.ok(seed.publicKey && seed.secretKey, 'v4r2 keys');
      const contract = WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey });
      const body = contract.createTransfer({
        seqno,
        secretKey: seed.secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [
          internal({ to: account(GenesisAccount.walletV3r2).address, value: toNano('0.01') }),
        ],
      });
      return beginCell()
        .store(storeMessage(external({ to: contract.address, body })))
        .endCell();
    }

    it('answers a refused message 400 with the text sendBocReturnHash answers 500 with', async () => {
      const stale = v4Transfer(GENESIS.finalSeqno.v4r2 + 100)
        .toBoc()
        .toString('base64');
      const quiet = await harness.post('sendBocReturnHashNoError', { boc: stale });
      const loud = await harness.post('sendBocReturnHash', { boc: stale });
      assert.equal(loud.status, 500);
      assert.equal(typeof loud.body.error, 'string');
      assert.deepEqual(withoutExtra(quiet.body), { ok: false, error: loud.body.error, code: 400 });
    });

    it('sends an accepted message and answers its hashes', async () => {
      const message = v4Transfer(GENESIS.finalSeqno.v4r2);
      const reply = await harness.post('sendBocReturnHashNoError', {
        boc: message.toBoc().toString('base64'),
      });
      assert.equal(reply.status, 200);
      const result = reply.body.result as Record<string, unknown>;
      assert.equal(result['@type'], 'raw.extMessageInfo');
      assert.equal(result.hash, message.hash().toString('base64'));
    });
  });

  describe('JSON-RPC batches', () => {
    it('answers each call of a batch in order, each with its own envelope and id', async () => {
      const reply = await rawPost(
        'jsonRPC',
        JSON.stringify([
          { jsonrpc: '2.0', id: 'a', method: 'getConsensusBlock', params: {} },
          { jsonrpc: '2.0', id: 2, method: 'nope' },
          { jsonrpc: '2.0', id: 3, method: 'detectHash', params: { hash: 'x' } },
          'not a call',
          { jsonrpc: '2.0', id: 5, method: 'getLibraries', params: [] },
        ]),
      );
      assert.equal(reply.status, 200);
      assert.ok(Array.isArray(reply.body));
      const bodies = reply.body.map(withoutExtra) as Record<string, unknown>[];
      assert.equal(bodies.length, 5);
      assert.deepEqual(
        bodies.map((b) => [b.id, b.ok, b.code]),
        [
          ['a', true, undefined],
          [2, false, 404],
          [3, false, 422],
          [undefined, false, 422],
          [5, true, undefined],
        ],
      );
      assert.deepEqual(bodies[1], {
        ok: false,
        error: "Not Found: unknown method 'nope'",
        code: 404,
        jsonrpc: '2.0',
        id: 2,
      });
      assert.deepEqual(bodies[4], {
        ok: true,
        result: { '@type': 'smc.libraryResult', result: [] },
        jsonrpc: '2.0',
        id: 5,
      });
    });

    it('answers an empty batch with one error, and refuses a batch past the bound', async () => {
      const empty = await rawPost('jsonRPC', '[]');
      assert.deepEqual(
        [empty.status, withoutExtra(empty.body)],
        [
          422,
          {
            ok: false,
            error: 'failed to parse json-rpc request: empty batch',
            code: 422,
            jsonrpc: '2.0',
            id: null,
          },
        ],
      );
      const calls = Array.from({ length: MAX_JSON_RPC_BATCH + 1 }, (_, id) => ({
        jsonrpc: '2.0',
        id,
        method: 'getConsensusBlock',
      }));
      const big = await rawPost('jsonRPC', JSON.stringify(calls));
      assert.deepEqual(
        [big.status, withoutExtra(big.body)],
        [
          422,
          {
            ok: false,
            error: `failed to parse json-rpc request: a batch holds at most ${String(MAX_JSON_RPC_BATCH)} calls, got ${String(MAX_JSON_RPC_BATCH + 1)}`,
            code: 422,
            jsonrpc: '2.0',
            id: null,
          },
        ],
      );
      const full = await rawPost('jsonRPC', JSON.stringify(calls.slice(1)));
      assert.equal(full.status, 200);
      assert.ok(Array.isArray(full.body) && full.body.length === MAX_JSON_RPC_BATCH);
    });
  });
});
