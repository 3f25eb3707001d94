import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GenesisAccount } from '@app/localnet';
import { V2_METHODS } from '@app/gateway';
import { startV2Harness, type V2Harness } from './support/v2-harness';
import { withoutExtra } from './support/v2-expectations';
import {
  DETECT_HASH,
  FALSE_WORDS,
  MASTERCHAIN_SHARD,
  TONCENTER_V2,
  TRUE_WORDS,
} from './support/v2-parity.table';

describe('v2 parity with toncenter 2.1 (ton-http-api-cpp)', () => {
  let harness: V2Harness;

  before(async () => {
    harness = await startV2Harness();
  });

  after(async () => {
    await harness.close();
  });

  function address(name: string): string {
    const found = harness.localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found.address.toRawString();
  }

  async function rawPost(path: string, body: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${harness.baseUrl}/api/v2/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const json: unknown = await response.json();
    return { status: response.status, body: json };
  }

  it('serves every toncenter route with its verbs, and no other', () => {
    const ours = Object.fromEntries(
      [...V2_METHODS.values()].map((m) => [m.name, [...m.verbs].sort().join(',')]),
    );
    const theirs = Object.fromEntries(
      Object.entries(TONCENTER_V2).map(([name, t]) => [name, t.verbs]),
    );
    assert.deepEqual(ours, theirs);
  });

  it('reads every query parameter each toncenter handler reads', () => {
    for (const [name, { get }] of Object.entries(TONCENTER_V2)) {
      const method = V2_METHODS.get(name);
      assert.ok(method, name);
      for (const param of get) {
        assert.ok(method.params.includes(param), `${name} ${param}`);
      }
    }
  });

  it('reads toncenter’s boolean words in any case over GET; a JSON integer is true unless 0', async () => {
    const wallet = address(GenesisAccount.walletV4r2);
    const plain = withoutExtra((await harness.get('getTransactions', { address: wallet })).body);
    for (const word of [...TRUE_WORDS, ...FALSE_WORDS]) {
      const reply = await harness.get('getTransactions', { address: wallet, archival: word });
      assert.deepEqual([reply.status, withoutExtra(reply.body)], [200, plain], word);
    }
    for (const value of [true, false, 0, 1, 2, -7, 'Yes', 'off']) {
      const reply = await harness.post('getTransactions', { address: wallet, archival: value });
      assert.deepEqual([reply.status, withoutExtra(reply.body)], [200, plain], String(value));
    }
    const bad = await harness.get('getTransactions', { address: wallet, archival: 'maybe' });
    assert.deepEqual(withoutExtra(bad.body), {
      ok: false,
      error: 'failed to parse get request: failed to parse archival',
      code: 422,
    });
  });

  it('takes JSON-RPC "params": [] as {} and refuses a non-empty array', async () => {
    const empty = await rawPost(
      'jsonRPC',
      '{"jsonrpc":"2.0","id":7,"method":"getConsensusBlock","params":[]}',
    );
    assert.equal(empty.status, 200);
    const full = await rawPost(
      'jsonRPC',
      '{"jsonrpc":"2.0","id":7,"method":"getConsensusBlock","params":[1]}',
    );
    assert.deepEqual(
      [full.status, withoutExtra(full.body)],
      [
        422,
        { ok: false, error: 'params must contain an object', code: 422, jsonrpc: '2.0', id: 7 },
      ],
    );
  });

  it('answers getLibraries without libraries with no entries, over GET, POST and JSON-RPC', async () => {
    const none = { ok: true, result: { '@type': 'smc.libraryResult', result: [] } };
    assert.deepEqual(withoutExtra((await harness.get('getLibraries')).body), none);
    assert.deepEqual(withoutExtra((await harness.post('getLibraries', {})).body), none);
    assert.deepEqual(withoutExtra((await harness.jsonRpc('getLibraries', {})).body), {
      ...none,
      jsonrpc: '2.0',
      id: 1,
    });
  });

  it('takes config_id when getConfigParam is given both it and param', async () => {
    const byConfigId = withoutExtra((await harness.get('getConfigParam', { config_id: 4 })).body);
    const byParam = withoutExtra((await harness.get('getConfigParam', { param: 1 })).body);
    assert.notDeepEqual(byConfigId, byParam);
    const both = { param: 1, config_id: 4 };
    assert.deepEqual(withoutExtra((await harness.get('getConfigParam', both)).body), byConfigId);
    assert.deepEqual(withoutExtra((await harness.post('getConfigParam', both)).body), byConfigId);
    assert.deepEqual(withoutExtra((await harness.get('getConfigParam')).body), {
      ok: false,
      error: 'failed to validate request: only one of config_id or param should be specified',
      code: 422,
    });
  });

  it('requires runGetMethod’s and runGetMethodStd’s stack', async () => {
    for (const method of ['runGetMethod', 'runGetMethodStd']) {
      const reply = await harness.post(method, {
        address: address(GenesisAccount.walletV4r2),
        method: 'seqno',
      });
      assert.deepEqual(withoutExtra(reply.body), {
        ok: false,
        error: 'failed to parse post request: stack required',
        code: 422,
      });
    }
  });

  it('refuses lt=0 without hash in getTransactionsStd, as absent in getTransactions', async () => {
    const wallet = address(GenesisAccount.walletV4r2);
    const std = await harness.get('getTransactionsStd', { address: wallet, lt: 0 });
    assert.deepEqual(withoutExtra(std.body), {
      ok: false,
      error: 'failed to validate request: lt and hash should be used together',
      code: 422,
    });
    const plain = await harness.get('getTransactions', { address: wallet, lt: 0 });
    assert.deepEqual(
      withoutExtra(plain.body),
      withoutExtra((await harness.get('getTransactions', { address: wallet })).body),
    );
  });

  it('reads hashes as toncenter’s own detectHash tests do', async () => {
    for (const [hash, status] of DETECT_HASH) {
      const reply = await harness.get('detectHash', { hash });
      assert.equal(reply.status, status, hash);
      if (status === 422) {
        assert.equal(reply.body.error, `invalid hash: '${hash}'`);
      }
    }
  });

  it('reads shard -9223372036854775808 given as a JSON number exactly, over POST and JSON-RPC', async () => {
    // ton-http-api-cpp tests/blocks/test_003_get_shard_block_proof.py sends SHARD_ALL as a number.
    const head = harness.localnet.chain.head().id.seqno;
    const get = await harness.get('getShardBlockProof', {
      workchain: -1,
      shard: MASTERCHAIN_SHARD,
      seqno: head - 1,
      from_seqno: head,
    });
    assert.equal(get.status, 200);
    const params = `{"workchain": -1, "shard": ${MASTERCHAIN_SHARD}, "seqno": ${String(head - 1)}, "from_seqno": ${String(head)}}`;
    const post = await rawPost('getShardBlockProof', params);
    assert.deepEqual(withoutExtra(post.body), withoutExtra(get.body));
    const rpc = await rawPost(
      'jsonRPC',
      `{"jsonrpc": "2.0", "id": 1, "method": "getShardBlockProof", "params": ${params}}`,
    );
    assert.deepEqual(withoutExtra(rpc.body), {
      ...(withoutExtra(get.body) as Record<string, unknown>),
      jsonrpc: '2.0',
      id: 1,
    });
    // A 64-bit lt as a JSON number is read exactly too: 2^63 − 1 passes, 2^63 is refused.
    const lt = await rawPost(
      'lookupBlock',
      `{"workchain": -1, "shard": ${MASTERCHAIN_SHARD}, "lt": 9223372036854775808}`,
    );
    assert.deepEqual(withoutExtra(lt.body), {
      ok: false,
      error: 'failed to parse post request: failed to parse lt',
      code: 422,
    });
  });

  it('refuses seqno from 2^31 to 2^32−1 as toncenter’s int32 does, naming it, everywhere', async () => {
    const refused = {
      ok: false,
      error: 'failed to parse get request: failed to parse seqno',
      code: 422,
    };
    for (const seqno of [2 ** 31, 2 ** 32 - 1]) {
      const block = { workchain: -1, shard: MASTERCHAIN_SHARD, seqno };
      for (const [method, params] of [
        ['lookupBlock', block],
        ['getBlockHeader', block],
        ['getBlockTransactions', block],
        ['shards', { seqno }],
        ['getMasterchainBlockSignatures', { seqno }],
      ] as const) {
        assert.deepEqual(withoutExtra((await harness.get(method, params)).body), refused, method);
        const post = (await harness.post(method, params)).body;
        assert.equal(post.error, 'failed to parse post request: failed to parse seqno', method);
        const rpc = (await harness.jsonRpc(method, params)).body;
        assert.equal(rpc.error, 'failed to parse post request: failed to parse seqno', method);
      }
      const run = await harness.post('runGetMethod', {
        address: address(GenesisAccount.walletV4r2),
        method: 'seqno',
        stack: [],
        seqno,
      });
      assert.equal(run.body.error, 'failed to parse post request: failed to parse seqno');
      const unixtime = await harness.get('lookupBlock', {
        workchain: -1,
        shard: MASTERCHAIN_SHARD,
        unixtime: seqno,
      });
      assert.equal(unixtime.body.error, 'failed to parse get request: failed to parse unixtime');
    }
  });
  // The deliberate differences listed under "## v2" in docs/toncenter-differences.md.
  describe('deliberate differences', () => {
    it('answers a missing or non-numeric parameter 422 naming it', async () => {
      const wallet = address(GenesisAccount.walletV4r2);
      assert.deepEqual(withoutExtra((await harness.get('getAddressInformation')).body), {
        ok: false,
        error: 'failed to validate request: empty address',
        code: 422,
      });
      for (const seqno of ['abc', '1x', ' 1']) {
        const reply = await harness.get('getAddressInformation', { address: wallet, seqno });
        assert.deepEqual(withoutExtra(reply.body), {
          ok: false,
          error: 'failed to parse get request: failed to parse seqno',
          code: 422,
        });
      }
      const post = await harness.post('getAddressInformation', { address: wallet, seqno: 'abc' });
      assert.equal(post.body.error, 'failed to parse post request: failed to parse seqno');
    });

    it('refuses JSON-RPC params that are neither an object nor an array', async () => {
      const reply = await rawPost(
        'jsonRPC',
        '{"jsonrpc": "2.0", "id": 3, "method": "getConsensusBlock", "params": "x"}',
      );
      assert.deepEqual(
        [reply.status, withoutExtra(reply.body)],
        [
          422,
          { ok: false, error: 'params must contain an object', code: 422, jsonrpc: '2.0', id: 3 },
        ],
      );
    });

    it('echoes a JSON-RPC id past 2^53 as the string of its digits', async () => {
      const reply = await rawPost(
        'jsonRPC',
        '{"jsonrpc": "2.0", "id": 12345678901234567890, "method": "getConsensusBlock"}',
      );
      assert.equal(reply.status, 200);
      assert.equal((reply.body as Record<string, unknown>).id, '12345678901234567890');
    });

    it('reads a shard written as its unsigned 64 bits as the signed shard', async () => {
      const signed = await harness.get('lookupBlock', {
        workchain: -1,
        shard: MASTERCHAIN_SHARD,
        seqno: 1,
      });
      const unsigned = await harness.get('lookupBlock', {
        workchain: -1,
        shard: '9223372036854775808',
        seqno: 1,
      });
      assert.equal(signed.status, 200);
      assert.deepEqual(withoutExtra(unsigned.body), withoutExtra(signed.body));
    });

    it('refuses a BoC that is no external message 422 in sendBocReturnHashNoError too', async () => {
      const reply = await harness.post('sendBocReturnHashNoError', { boc: 'te6ccgEBAQEAAgAAAA==' });
      assert.deepEqual(withoutExtra(reply.body), {
        ok: false,
        error: 'failed to parse post request: invalid boc: not an external inbound message',
        code: 422,
      });
    });
  });

  it('flags toncenter’s suspended early-miner accounts in getAddressInformation, over GET, POST and JSON-RPC', async () => {
    // An account of toncenter's list (ton-http-api-cpp src/utils/wallets.hpp), absent from this
    // chain: the flag depends on the address and the state's time only, as in toncenter.
    const listed = '0:B81B6A61E804BF983FFE708BF8688626D73E63020096FD34C312BEF6CA05CE3F';
    const replies = [
      await harness.get('getAddressInformation', { address: listed }),
      await harness.post('getAddressInformation', { address: listed }),
      await harness.jsonRpc('getAddressInformation', { address: listed }),
    ];
    for (const reply of replies) {
      assert.equal(reply.status, 200);
      const result = reply.body.result as { state: string; suspended: boolean; sync_utime: number };
      assert.equal(result.state, 'uninitialized');
      // The list is in force until the vote's end, 2027-02-21T06:00:00Z.
      assert.equal(result.suspended, result.sync_utime < 1_803_189_600);
    }
    const wallet = await harness.get('getAddressInformation', {
      address: address(GenesisAccount.walletV4r2),
    });
    assert.equal((wallet.body.result as { suspended: boolean }).suspended, false);
  });
});
