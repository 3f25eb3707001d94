import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Address } from '@ton/core';
import { GenesisAccount, type Localnet, startLocalnet } from '@app/localnet';
import {
  EXTRA,
  expectedActiveAccount,
  expectedMasterchainInfo,
  withoutExtra,
} from './v2-expectations';

/** A running gateway (single-process or mesh) in front of the given localnet. */
export interface GatewayUnderTest {
  readonly baseUrl: string;
  close(): Promise<void>;
}

export type StartGateway = (localnet: Localnet) => Promise<GatewayUnderTest>;

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

async function call(url: string, init?: RequestInit): Promise<Reply> {
  const response = await fetch(url, init);
  const body: unknown = await response.json();
  assert.ok(typeof body === 'object' && body !== null, 'a JSON object');
  return { status: response.status, body: Object.fromEntries(Object.entries(body)) };
}

function post(url: string, json: unknown): Promise<Reply> {
  return call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
}

/**
 * The first v2 path end to end: getMasterchainInfo and getAddressInformation through
 * gateway -> transport -> liteserver service -> ton-lite-client -> the localnet, with exact JSON.
 */
export function foundationSuite(mode: string, startGateway: StartGateway): void {
  describe(`v2 foundation path (${mode})`, () => {
    let localnet: Localnet;
    let gateway: GatewayUnderTest;
    let v4: Address;
    let api: string;

    before(async () => {
      // manual mode: no block is produced unless a test asks, so the head the oracle reads is the
      // head the liteservers serve.
      localnet = await startLocalnet({ seed: 'genesis', mode: 'manual', liteservers: 2 });
      gateway = await startGateway(localnet);
      api = `${gateway.baseUrl}/api/v2`;
      const wallet = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
      assert.ok(wallet);
      v4 = wallet.address;
    });

    after(async () => {
      await gateway.close();
      await localnet.stop();
    });

    it('getMasterchainInfo answers the chain head exactly', async () => {
      const { status, body } = await call(`${api}/getMasterchainInfo`);
      assert.equal(status, 200);
      assert.match(String(body['@extra']), EXTRA);
      assert.deepEqual(withoutExtra(body), { ok: true, result: expectedMasterchainInfo(localnet) });
    });

    it('getAddressInformation answers an active wallet exactly, over GET, POST and JSON-RPC', async () => {
      const expected = { ok: true, result: await expectedActiveAccount(localnet, v4) };
      const friendly = v4.toString({ bounceable: true, urlSafe: true });
      const get = await call(`${api}/getAddressInformation?address=${friendly}`);
      assert.equal(get.status, 200);
      assert.deepEqual(withoutExtra(get.body), expected);
      const viaPost = await post(`${api}/getAddressInformation`, { address: v4.toRawString() });
      assert.deepEqual(withoutExtra(viaPost.body), expected);
      const rpc = await post(`${api}/jsonRPC`, {
        jsonrpc: '2.0',
        id: 1,
        method: 'getAddressInformation',
        params: { address: friendly },
      });
      assert.deepEqual(withoutExtra(rpc.body), { ...expected, jsonrpc: '2.0', id: 1 });
    });

    it('reads the state as of an older masterchain block with seqno', async () => {
      // At masterchain block 1 the genesis wallets had not been deployed yet.
      const { status, body } = await call(
        `${api}/getAddressInformation?address=${v4.toRawString()}&seqno=1`,
      );
      assert.equal(status, 200);
      const result = body.result;
      assert.ok(typeof result === 'object' && result !== null && 'state' in result);
      assert.equal(result.state, 'uninitialized');
      assert.ok('balance' in result && 'block_id' in result);
      assert.equal(result.balance, '0');
      const block = localnet.chain.masterchainBlock(1);
      assert.ok(block);
      assert.deepEqual(result.block_id, {
        '@type': 'ton.blockIdExt',
        workchain: -1,
        shard: '-9223372036854775808',
        seqno: 1,
        root_hash: block.id.rootHash.toString('base64'),
        file_hash: block.id.fileHash.toString('base64'),
      });
    });

    it('a nonexistent account is uninitialized with balance "0", not an error', async () => {
      const nobody = new Address(0, Buffer.alloc(32, 0xab));
      const { status, body } = await call(
        `${api}/getAddressInformation?address=${nobody.toRawString()}`,
      );
      assert.equal(status, 200);
      const head = localnet.chain.head();
      const shardBlock = localnet.chain.accountBlockAt(head.id.seqno, nobody);
      assert.deepEqual(withoutExtra(body), {
        ok: true,
        result: {
          '@type': 'raw.fullAccountState',
          balance: '0',
          extra_currencies: [],
          code: '',
          data: '',
          last_transaction_id: {
            '@type': 'internal.transactionId',
            lt: '0',
            hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
          },
          block_id: expectedMasterchainInfo(localnet).last,
          frozen_hash: '',
          sync_utime: shardBlock.genUtime,
          state: 'uninitialized',
          suspended: false,
        },
      });
    });

    it('bad input is a 422 naming the parameter, as toncenter 2.1 words it', async () => {
      const cases: [string, string][] = [
        [
          'getAddressInformation?address=invalid',
          "failed to parse get request: Failed to parse ton_addr: 'invalid'",
        ],
        ['getAddressInformation', 'failed to validate request: empty address'],
        [
          `getAddressInformation?address=${v4.toRawString()}&seqno=0`,
          'failed to validate request: seqno should be positive',
        ],
        [
          `getAddressInformation?address=${v4.toRawString()}&seqno=abc`,
          'failed to parse get request: failed to parse seqno',
        ],
      ];
      for (const [query, error] of cases) {
        const { status, body } = await call(`${api}/${query}`);
        assert.equal(status, 422, query);
        assert.deepEqual(withoutExtra(body), { ok: false, error, code: 422 }, query);
      }
      const unknownField = await post(`${api}/getAddressInformation`, {
        address: v4.toRawString(),
        foo: 1,
      });
      assert.equal(unknownField.status, 422);
      assert.equal(unknownField.body.error, "failed to validate request: unknown field 'foo'");
      const notJson = await call(`${api}/getAddressInformation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"address":',
      });
      assert.equal(notJson.status, 422);
      assert.equal(notJson.body.ok, false);
    });

    it('an unknown method is a 404 in the v2 envelope', async () => {
      const { status, body } = await call(`${api}/noSuchMethod`);
      assert.equal(status, 404);
      assert.deepEqual(withoutExtra(body), { ok: false, error: 'Not Found', code: 404 });
    });

    it('keeps answering when one of the two liteservers drops every connection', async () => {
      localnet.liteservers[0]?.setFault({ mode: 'drop' });
      try {
        for (let i = 0; i < 4; i++) {
          const { status } = await call(`${api}/getMasterchainInfo`);
          assert.equal(status, 200);
        }
      } finally {
        localnet.liteservers[0]?.setFault({ mode: 'none' });
      }
    });

    it('a liteserver that never answers is a 504, not a hang', async () => {
      for (const ls of localnet.liteservers) {
        ls.setFault({ mode: 'stall' });
      }
      try {
        // An account read always reaches a liteserver (the head alone may come from the 200 ms cache).
        const { status, body } = await call(
          `${api}/getAddressInformation?address=${v4.toRawString()}`,
        );
        assert.equal(status, 504);
        assert.deepEqual(withoutExtra(body), {
          ok: false,
          error: 'LITE_SERVER_NETWORK timeout',
          code: 504,
        });
      } finally {
        for (const ls of localnet.liteservers) {
          ls.setFault({ mode: 'none' });
        }
      }
    });

    it('/metrics counts requests by route and status', async () => {
      const text = await (await fetch(`${gateway.baseUrl}/metrics`)).text();
      assert.match(
        text,
        /tonapi_http_requests_total\{method="GET",route="\/api\/v2\/getAddressInformation",status="422"\} 4/,
      );
      assert.match(
        text,
        /tonapi_http_requests_total\{method="GET",route="\/api\/v2\/:method",status="404"\} 1/,
      );
    });
  });
}
