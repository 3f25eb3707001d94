import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { ErrorCode, RpcErrorPayload, TonApiError } from './errors';
import { prefixSubject, queueGroupFor, Subjects } from './subjects';

void describe(TonApiError.name, () => {
  void it('defaults retryable from the code and round-trips through its payload', () => {
    const sut = new TonApiError(ErrorCode.LITESERVER_TIMEOUT, 'Liteserver timeout', {
      details: { server: 0 },
    });
    assert.equal(sut.retryable, true);
    assert.deepEqual(sut.toPayload(), {
      code: 'LITESERVER_TIMEOUT',
      message: 'Liteserver timeout',
      details: { server: 0 },
      retryable: true,
    });
    const revived = TonApiError.fromPayload(
      RpcErrorPayload.parse(JSON.parse(JSON.stringify(sut.toPayload()))),
    );
    assert.ok(revived instanceof TonApiError);
    assert.equal(revived.code, 'LITESERVER_TIMEOUT');
    assert.deepEqual(revived.details, { server: 0 });
    assert.equal(new TonApiError(ErrorCode.INVALID_ADDRESS, 'Incorrect address').retryable, false);
    assert.deepEqual(new TonApiError(ErrorCode.INTERNAL, 'x', { retryable: true }).toPayload(), {
      code: 'INTERNAL',
      message: 'x',
      retryable: true,
    });
  });
  void it('RpcErrorPayload rejects unknown codes, a missing retryable and extra keys', () => {
    assert.equal(
      RpcErrorPayload.safeParse({ code: 'TEAPOT', message: 'x', retryable: false }).success,
      false,
    );
    assert.equal(RpcErrorPayload.safeParse({ code: 'INTERNAL', message: 'x' }).success, false);
    assert.equal(
      RpcErrorPayload.safeParse({
        code: 'INTERNAL',
        message: 'x',
        retryable: false,
        status: 'error',
      }).success,
      false,
    );
  });
});

void describe('subjects', () => {
  void it('maps request subjects to their service queue group', () => {
    assert.equal(queueGroupFor(Subjects.ls.getMasterchainInfo), 'liteserver');
    assert.equal(queueGroupFor(Subjects.query.transactions), 'query');
    assert.equal(queueGroupFor(Subjects.send.boc), 'sender');
    assert.equal(queueGroupFor(Subjects.evt.blockIndexed), undefined);
    assert.equal(prefixSubject('t1', Subjects.send.boc), 't1.ton.send.v1.boc');
    assert.equal(prefixSubject('', Subjects.send.boc), 'ton.send.v1.boc');
  });
});
