import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, RpcErrorPayload, TonApiError } from '@app/contracts';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import pino from 'pino';
import { firstValueFrom } from 'rxjs';
import { INTERNAL_ERROR_MESSAGE, RpcErrorFilter } from './rpc-error.filter';

/** What the filter sends back for `exception` thrown by an RPC handler. */
async function payloadOf(sut: RpcErrorFilter, exception: unknown): Promise<RpcErrorPayload> {
  const host = new ExecutionContextHost([{}, undefined]);
  host.setType('rpc');
  const reply: unknown = await firstValueFrom(sut.catch(exception, host)).catch((e: unknown) => e);
  return RpcErrorPayload.parse(reply);
}

const unreachable = Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), {
  code: 'ECONNREFUSED',
});

void describe(RpcErrorFilter.name, () => {
  const logger = pino({ level: 'silent' });

  void it('passes coded errors with their code, censoring hosts from the message', async () => {
    const sut = new RpcErrorFilter(logger);
    assert.deepEqual(
      await payloadOf(sut, new TonApiError(ErrorCode.NOT_FOUND, 'no block at 10.1.2.3:4924')),
      { code: ErrorCode.NOT_FOUND, message: 'no block at <hidden>', retryable: false },
    );
  });

  void it('turns anything else into INTERNAL with an errorId and a fixed message', async () => {
    const payload = await payloadOf(new RpcErrorFilter(logger), unreachable);
    assert.equal(payload.code, ErrorCode.INTERNAL);
    assert.equal(payload.message, INTERNAL_ERROR_MESSAGE);
    assert.match(String(payload.details?.errorId), /^[0-9a-f-]{36}$/);
  });

  void it('lets a translator code what it recognises (a dependency down → SERVICE_UNAVAILABLE)', async () => {
    const sut = new RpcErrorFilter(logger, [
      (e) =>
        e === unreachable
          ? new TonApiError(ErrorCode.SERVICE_UNAVAILABLE, 'database at 10.1.2.3:5432 unavailable')
          : undefined,
    ]);
    assert.deepEqual(await payloadOf(sut, unreachable), {
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'database at <hidden> unavailable',
      retryable: true,
    });
    assert.equal((await payloadOf(sut, new Error('other'))).code, ErrorCode.INTERNAL);
  });
});
