import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, TonApiError } from '@app/contracts';
import { keptReplyBytes, keptReplyHead, renderedReply, replyJson } from './v2-envelope';
import { type V2Backend } from './v2-method';
import { V2Executor } from './v2.executor';

const FRIENDLY = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';
const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
/** A result as the services send it (its shape is the contract's business, not the executor's). */
const STATE = { '@type': 'raw.fullAccountState', balance: '1000000000', last_transaction_id: null };

/** A backend that answers every request with STATE (or fails while `failing`) and counts them. */
function countingBackend(): V2Backend & { requests: unknown[]; failing: boolean } {
  const backend = {
    requests: [] as unknown[],
    failing: false,
    request: (_subject: string, payload: unknown) => {
      backend.requests.push(payload);
      return backend.failing
        ? Promise.reject(new TonApiError(ErrorCode.UPSTREAM_TIMEOUT, 'liteserver timeout'))
        : Promise.resolve(STATE as never);
    },
  };
  return backend;
}

/** The body's text without its `@extra` (which carries the time and the elapsed milliseconds). */
function withoutExtra(text: string): string {
  return text.replace(/,"@extra":"[^"]*"}$/, '}');
}

describe('V2Executor: immutable answers kept rendered', () => {
  it('answers a read at a seqno again without the services, with the same bytes', async () => {
    const backend = countingBackend();
    const executor = new V2Executor(backend);
    const first = await executor.call(
      'getAddressInformation',
      'GET',
      { address: FRIENDLY, seqno: '5' },
      process.hrtime.bigint(),
    );
    // The raw form of the same address is the same read.
    const second = await executor.call(
      'getAddressInformation',
      'GET',
      { address: RAW, seqno: '5' },
      process.hrtime.bigint(),
    );
    assert.deepEqual(backend.requests, [{ address: RAW, seqno: 5 }]);
    assert.equal(second.status, 200);
    assert.equal(replyJson(second), JSON.stringify(second.body));
    assert.equal(replyJson(first), JSON.stringify(first.body));
    assert.equal(withoutExtra(replyJson(second)), `{"ok":true,"result":${JSON.stringify(STATE)}}`);
  });

  it('asks the services for every head read and for another seqno', async () => {
    const backend = countingBackend();
    const executor = new V2Executor(backend);
    for (const raw of [{ address: RAW }, { address: RAW }, { address: RAW, seqno: '6' }]) {
      const reply = await executor.call('getAddressInformation', 'GET', raw, 0n);
      assert.equal(reply.resultJson === undefined, raw.seqno === undefined);
    }
    assert.deepEqual(backend.requests, [
      { address: RAW },
      { address: RAW },
      { address: RAW, seqno: 6 },
    ]);
  });

  it('calls of one read made while it is being loaded share that one request', async () => {
    const backend = countingBackend();
    const executor = new V2Executor(backend);
    const replies = await Promise.all(
      Array.from({ length: 16 }, () =>
        executor.call('getAddressInformation', 'GET', { address: RAW, seqno: '8' }, 0n),
      ),
    );
    assert.deepEqual(backend.requests, [{ address: RAW, seqno: 8 }]);
    for (const reply of replies) {
      assert.equal(withoutExtra(replyJson(reply)), `{"ok":true,"result":${JSON.stringify(STATE)}}`);
    }
  });

  it('keeps no failure: the next call asks again', async () => {
    const backend = countingBackend();
    const executor = new V2Executor(backend);
    backend.failing = true;
    const failed = await executor.call(
      'getAddressInformation',
      'GET',
      { address: RAW, seqno: '7' },
      0n,
    );
    assert.equal(failed.status, 504);
    backend.failing = false;
    const ok = await executor.call(
      'getAddressInformation',
      'GET',
      { address: RAW, seqno: '7' },
      0n,
    );
    assert.equal(ok.status, 200);
    assert.equal(backend.requests.length, 2);
  });
});

describe('V2Executor: kept reply bytes for the lean route', () => {
  const EXTRA = '1764331234:_:0.125';

  it('writes the bytes replyJson makes of the same reply, multi-byte characters included', () => {
    for (const result of [STATE, { name: 'é — 💎', n: 1 }, []]) {
      const json = JSON.stringify(result);
      const reply = renderedReply(result, json, 0n);
      const same = { ...reply, body: { ...reply.body, '@extra': EXTRA } };
      assert.deepEqual(keptReplyBytes(keptReplyHead(json), EXTRA), Buffer.from(replyJson(same)));
    }
  });

  it('answers a kept read with its bytes, the address in any form and the API key aside', async () => {
    const executor = new V2Executor(countingBackend());
    const friendly = executor.keptKey('getAddressInformation', { address: FRIENDLY, seqno: '5' });
    assert.equal(friendly, 'getAddressInformation:{"address":"' + RAW + '","seqno":5}');
    assert.equal(executor.keptKey('getAddressInformation', { address: RAW, seqno: '5' }), friendly);
    assert.equal(
      executor.keptKey('getAddressInformation', { address: RAW, seqno: '5', api_key: 'k' }),
      friendly,
    );
    assert.equal(executor.keptReplyBody(friendly, 0n), undefined, 'nothing kept before a call');
    await executor.call('getAddressInformation', 'GET', { address: RAW, seqno: '5' }, 0n);
    const body = executor.keptReplyBody(friendly, process.hrtime.bigint())?.toString() ?? '';
    assert.match(body, /^\{"ok":true,"result":.*,"@extra":"\d+:_:\d+\.\d{3}"\}$/);
    assert.equal(withoutExtra(body), `{"ok":true,"result":${JSON.stringify(STATE)}}`);
  });

  it('gives no key to a head read, invalid parameters, a POST-only or an unknown method', () => {
    const executor = new V2Executor(countingBackend());
    assert.equal(executor.keptKey('getAddressInformation', { address: RAW }), undefined);
    assert.equal(
      executor.keptKey('getAddressInformation', { address: 'x', seqno: '5' }),
      undefined,
    );
    assert.equal(
      executor.keptKey('getAddressInformation', { address: RAW, seqno: 'x' }),
      undefined,
    );
    assert.equal(executor.keptKey('sendBoc', { boc: 'te6c' }), undefined);
    assert.equal(executor.keptKey('noSuchMethod', {}), undefined);
  });

  it('gives the head getMasterchainInfo a key of its own, with nothing kept before a call', () => {
    const executor = new V2Executor(countingBackend());
    const key = executor.keptKey('getMasterchainInfo', {});
    assert.equal(key, 'getMasterchainInfo:{}');
    assert.equal(executor.keptReplyBody(key, 0n), undefined);
  });
});
