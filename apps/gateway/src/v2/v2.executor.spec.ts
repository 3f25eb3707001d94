import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, TonApiError } from '@app/contracts';
import { replyJson } from './v2-envelope';
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
