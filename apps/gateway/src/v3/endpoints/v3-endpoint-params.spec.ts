import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTonApiError, type RpcSubject, Subjects } from '@app/contracts';
import { Address } from '@ton/core';
import { type V3Backend, type V3Endpoint, type V3Settings } from '../v3-endpoint';
import { V3_ENDPOINTS } from '../v3-endpoints.registry';
import { V3Params } from '../v3-params';

// What each endpoint's declared fields read into the request the services receive: the backend here
// records the first request and stops the endpoint there.
class Sent extends Error {
  constructor(
    readonly subject: RpcSubject,
    readonly payload: unknown,
  ) {
    super('sent');
  }
}

const stop = (subject: RpcSubject, payload: unknown): Promise<never> =>
  Promise.reject(new Sent(subject, payload));
const recorder: V3Backend = { request: stop, forward: stop };
const SETTINGS: V3Settings = { noAddressBook: true, noMetadata: false, actionsVersion: undefined };

function endpoint(name: string): V3Endpoint {
  const found = V3_ENDPOINTS.get(name);
  assert.ok(found, name);
  return found;
}

/** What `name` sends for `params`, or its 422 as `{param, error}`. */
async function outcome(name: string, params: V3Params): Promise<unknown> {
  try {
    await endpoint(name).run(params, SETTINGS, recorder);
  } catch (error: unknown) {
    if (error instanceof Sent) {
      return {
        subject: error.subject,
        payload: JSON.parse(JSON.stringify(error.payload)) as unknown,
      };
    }
    assert.ok(isTonApiError(error), String(error));
    return { param: error.details?.param, error: error.message };
  }
  return assert.fail(`${name} sent nothing`);
}

const get = (name: string, query: Record<string, unknown>): Promise<unknown> =>
  outcome(name, new V3Params(query));
const post = (name: string, body: unknown): Promise<unknown> =>
  outcome(name, V3Params.fromBody(body));

const ADDRESS = Address.parse('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N');
const RAW = `0:${ADDRESS.hash.toString('hex').toUpperCase()}`;
const HASH_HEX = 'ab'.repeat(32);
const HASH_B64 = Buffer.from(HASH_HEX, 'hex').toString('base64');

describe('v3 endpoints read their declared parameters', () => {
  it('every field reads its own name and nothing else; the query schema is the fields', () => {
    for (const e of V3_ENDPOINTS.values()) {
      assert.deepEqual(Object.keys(e.query.shape), Object.keys(e.fields), e.name);
      for (const [name, field] of Object.entries(e.fields)) {
        for (const params of [new V3Params({}), V3Params.fromBody({})]) {
          try {
            field.read(params, name, new Map());
          } catch (error: unknown) {
            // A required field refuses its absence, naming itself.
            assert.ok(isTonApiError(error), `${e.name} ${name}: ${String(error)}`);
            assert.equal(error.details?.param, name, `${e.name} ${name}`);
          }
          assert.deepEqual([...params.readNames()], [name], `${e.name} ${name}`);
        }
      }
    }
  });

  it('an endpoint reads only its declared names, whatever else the request carries', async () => {
    for (const e of V3_ENDPOINTS.values()) {
      const params = new V3Params({ undeclared: '1', toString: '2' });
      // Refused or sent: either way, what it read is what counts here.
      await Promise.resolve()
        .then(() => e.run(params, SETTINGS, recorder))
        .catch(() => undefined);
      const declared = new Set(Object.keys(e.fields));
      assert.deepEqual(
        [...params.readNames()].filter((n) => !declared.has(n)),
        [],
        e.name,
      );
      assert.ok(params.readNames().size > 0 || declared.size === 0, e.name);
    }
  });

  it('transactions: converted values in the request, defaults for paging and sort', async () => {
    assert.deepEqual(
      await get('transactions', {
        account: ADDRESS.toString(),
        shard: '8000000000000000',
        lt: '18446744073709551615',
        start_utime: '1.9',
        limit: '0',
        offset: '-3',
        root_hash: HASH_HEX,
      }),
      {
        subject: Subjects.query.transactions,
        payload: {
          shard: '-9223372036854775808',
          account: [RAW],
          lt: '9223372036854775807',
          start_utime: 1,
          limit: 1,
          offset: 0,
          sort: 'desc',
          no_address_book: true,
        },
      },
    );
    assert.deepEqual(await get('transactions', { limit: '1001' }), {
      param: 'limit',
      error: 'limit is not allowed: 1001 > 1000',
    });
    assert.deepEqual(await get('transactions', { exclude_account: 'x' }), {
      param: 'exclude_account',
      error: 'failed to decode: schema: error converting value for index 0 of "exclude_account"',
    });
  });

  it('messages: `hash` is the single-value alias of msg_hash', async () => {
    assert.deepEqual(await get('messages', { hash: HASH_HEX, source: 'null' }), {
      subject: Subjects.query.messages,
      payload: {
        msg_hash: [HASH_B64],
        source: null,
        limit: 100,
        offset: 0,
        sort: 'desc',
        no_address_book: true,
      },
    });
  });

  it('required parameters and rules between parameters keep toncenter’s words', async () => {
    assert.deepEqual(await get('accountStates', {}), {
      param: 'address',
      error: 'address of account is required',
    });
    assert.deepEqual(await get('adjacentTransactions', { direction: 'in' }), {
      param: 'hash',
      error: 'hash is required',
    });
    // Required parameters are asked for once every parameter is converted.
    assert.deepEqual(await get('pendingTransactions', { trace_id: 'x' }), {
      param: 'trace_id',
      error: 'failed to decode: schema: error converting value for index 0 of "trace_id"',
    });
    assert.deepEqual(await get('pendingTraces', {}), {
      param: 'account',
      error: 'account or ext_msg_hash should be specified',
    });
    assert.deepEqual(await get('traces', { account: RAW, tx_hash: HASH_HEX }), {
      param: 'account',
      error: 'only one of account, trace_id, tx_hash, msg_hash should be specified',
    });
    assert.deepEqual(await get('jetton/transfers', { direction: 'up' }), {
      param: 'direction',
      error: 'direction should be one of: in, out, both',
    });
    assert.deepEqual(await get('blocks', { sort: 'up' }), {
      param: 'sort',
      error: 'wrong value for sort parameter',
    });
  });

  it('jetton/transfers takes `address` for a missing owner_address; burns have no direction', async () => {
    const request = {
      owner_address: [RAW],
      limit: 100,
      offset: 0,
      sort: 'desc',
      no_address_book: true,
      no_metadata: false,
    };
    assert.deepEqual(await get('jetton/transfers', { address: RAW, direction: 'in' }), {
      subject: Subjects.query.jettonTransfers,
      payload: { ...request, direction: 'in' },
    });
    assert.deepEqual(await get('jetton/burns', { address: RAW }), {
      subject: Subjects.query.jettonBurns,
      payload: request,
    });
  });

  it('POST bodies: runGetMethod and decode read the JSON fields', async () => {
    assert.deepEqual(await post('runGetMethod', { address: RAW, method: 85143 }), {
      param: 'method',
      error: 'method must be a string',
    });
    assert.deepEqual(await post('runGetMethod', { method: 'seqno' }), {
      param: 'address',
      error: 'address is required',
    });
    assert.deepEqual(await post('decode', { opcodes: ['0x0f8a7ea5', '-1'] }), {
      subject: Subjects.query.decode,
      payload: { opcodes: [0x0f8a7ea5, 0xffffffff], bodies: [] },
    });
    assert.deepEqual(await get('decode', { opcodes: '1234' }), {
      subject: Subjects.query.decode,
      payload: { opcodes: [0x1234], bodies: [] },
    });
  });
});
