import { randomUUID } from 'node:crypto';

import { ErrorCode, RpcErrorPayload, TonApiError } from '@app/contracts';
import { type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { type Logger } from 'pino';
import { type Observable, throwError } from 'rxjs';

import { censor } from '../errors/censor';
import { headersOfContext, requestIdOf, subjectOfContext } from '../headers';

/**
 * Recognises an error of the service's own dependencies (e.g. PostgreSQL down) as a coded TonApiError;
 * undefined when it does not know it.
 */
export type RpcErrorTranslator = (exception: unknown) => TonApiError | undefined;

/** The message every unexpected error is replaced with before it leaves the service. */
export const INTERNAL_ERROR_MESSAGE = 'Internal error';

/**
 * Serialises anything a handler throws into `{code, message, details?, retryable}`.
 * TonApiErrors keep their code (messages censored of hosts); a RpcException whose error
 * already is such a payload passes; what a translator recognises takes its code; everything else
 * becomes INTERNAL with a fixed message and an `errorId`, logged with its stack, subject and request id (Novu errorId, opentonapi censor).
 *
 * Register it on the microservice explicitly (`setupRpcMicroservice`): with hybrid apps global
 * filters of the HTTP app do not apply to microservices (Nest docs).
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(
    private readonly logger: Logger,
    private readonly translators: readonly RpcErrorTranslator[] = [],
  ) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    const payload = this.toPayload(exception, host);
    return throwError(() => payload);
  }

  private toPayload(exception: unknown, host: ArgumentsHost): RpcErrorPayload {
    if (exception instanceof TonApiError && exception.code !== ErrorCode.INTERNAL) {
      return { ...exception.toPayload(), message: censor(exception.message) };
    }
    if (exception instanceof RpcException) {
      const inner = RpcErrorPayload.safeParse(exception.getError());
      if (inner.success) {
        return { ...inner.data, message: censor(inner.data.message) };
      }
    }
    for (const translate of this.translators) {
      const translated = translate(exception);
      if (translated !== undefined) {
        return { ...translated.toPayload(), message: censor(translated.message) };
      }
    }
    const errorId = randomUUID();
    const ctx = host.switchToRpc().getContext<unknown>();
    this.logger.error(
      {
        err: exception,
        errorId,
        subject: subjectOfContext(ctx),
        requestId: requestIdOf(headersOfContext(ctx)),
      },
      'unhandled error in RPC handler',
    );
    return {
      code: ErrorCode.INTERNAL,
      message: INTERNAL_ERROR_MESSAGE,
      details: { errorId },
      retryable: exception instanceof TonApiError ? exception.retryable : false,
    };
  }
}
