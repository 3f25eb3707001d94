import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { TonApiError } from '@app/contracts';
import { ConnectionError } from '@nats-io/transport-node';

import { censor } from './censor';
import { reviveRpcError } from './revive';

const SUBJECT = 'ton.ls.v1.getMasterchainInfo';

void describe(censor.name, () => {
  void it('hides IPv4, IPv6 and host:port locations, keeps the rest', () => {
    assert.equal(
      censor(
        'LITE_SERVER_NETWORK: 5.9.10.47:19949 and [2a01:4f8::1]:4924 via ls1.example.org:4924 failed',
      ),
      'LITE_SERVER_NETWORK: <hidden> and <hidden> via <hidden> failed',
    );
    assert.equal(censor('cannot load block 49125012'), 'cannot load block 49125012');
  });
});

void describe(reviveRpcError.name, () => {
  void it('revives payloads with their code and maps transport failures', () => {
    const revived = reviveRpcError(
      { code: 'NOT_FOUND', message: 'Tx not found', retryable: false },
      SUBJECT,
    );
    assert.deepEqual(revived.toPayload(), {
      code: 'NOT_FOUND',
      message: 'Tx not found',
      retryable: false,
    });
    const noResponders = reviveRpcError(
      new Error('Empty response. There are no subscribers listening to that message ("x")'),
      SUBJECT,
    );
    assert.deepEqual(noResponders.toPayload(), {
      code: 'SERVICE_UNAVAILABLE',
      message: 'no service answers ton.ls.v1.getMasterchainInfo',
      retryable: true,
    });
    assert.equal(
      reviveRpcError('There is no matching message handler defined in the remote service.', SUBJECT)
        .code,
      'SERVICE_UNAVAILABLE',
    );
  });

  void it('maps a NATS connection that is down to SERVICE_UNAVAILABLE', () => {
    for (const value of [
      new ConnectionError('connection refused'),
      'Error: Connection lost. Trying to reconnect...',
      new Error('Connection closed'),
    ]) {
      assert.deepEqual(reviveRpcError(value, SUBJECT).toPayload(), {
        code: 'SERVICE_UNAVAILABLE',
        message: 'transport unavailable for ton.ls.v1.getMasterchainInfo',
        retryable: true,
      });
    }
  });

  void it('turns Nest plain objects and unknown values into INTERNAL', () => {
    for (const value of [
      { status: 'error', message: 'Internal server error' },
      { code: 'TEAPOT', message: 'x', retryable: false },
      new TypeError('Do not know how to serialize a BigInt'),
      undefined,
    ]) {
      const err = reviveRpcError(value, SUBJECT);
      assert.ok(err instanceof TonApiError);
      assert.deepEqual(err.toPayload(), {
        code: 'INTERNAL',
        message: 'unexpected error from ton.ls.v1.getMasterchainInfo',
        retryable: false,
      });
    }
  });
});
