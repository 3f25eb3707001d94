import { performance } from 'node:perf_hooks';

import { ErrorCode, isRpcSubject, rpcContracts, TonApiError } from '@app/contracts';
import { generateRequestId, type NatsMetrics, runWithRequestId } from '@app/observability';
import { type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';

import { RPC_SUBJECT_METADATA } from '../nats.constants';
import { headersOfContext, requestIdOf } from '../headers';
import { describeIssues } from '../validation/describe-issues';
import { stringifyReply } from './known-json';
import { SerializedReply } from './serialized-reply';

/**
 * Runs every RPC handler inside the caller's request context (the `x-request-id` NATS header, so
 * handler logs carry it), validates the request against the subject's contract, serialises the
 * reply once and records the handler duration.
 *
 * The request is replaced by the schema's output. The reply's shape is checked by the caller
 * (RpcClient parses it with the same contract: the client validates the response);
 * checking it here too cost a second full schema walk of every reply (a v3 traces page is ~1 MB).
 * The reply is serialised here, not in the transport, so a value JSON cannot carry (a bigint) fails
 * as a logged INTERNAL error reply instead of a publisher exception that leaves the caller waiting.
 */
export class RpcContextInterceptor implements NestInterceptor {
  constructor(private readonly metrics?: NatsMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const headers = headersOfContext(context.switchToRpc().getContext<unknown>());
    const requestId = requestIdOf(headers) ?? generateRequestId();
    const subject: unknown = Reflect.getMetadata(RPC_SUBJECT_METADATA, context.getHandler());
    const contract =
      typeof subject === 'string' && isRpcSubject(subject) ? rpcContracts[subject] : undefined;
    const label = typeof subject === 'string' ? subject : 'unknown';
    const started = performance.now();

    return new Observable<unknown>((subscriber) =>
      runWithRequestId(requestId, () => {
        const finish = (outcome: string): void => {
          this.metrics?.observeHandler(label, outcome, (performance.now() - started) / 1000);
        };
        if (contract !== undefined) {
          const args = context.getArgs<unknown[]>();
          const req = contract.req.safeParse(args[0]);
          if (!req.success) {
            finish(ErrorCode.INVALID_ARGUMENT);
            subscriber.error(
              new TonApiError(ErrorCode.INVALID_ARGUMENT, describeIssues(req.error), {
                details: {
                  issues: req.error.issues.map((i) => ({
                    path: i.path.map(String),
                    message: i.message,
                  })),
                },
              }),
            );
            return undefined;
          }
          args[0] = req.data;
        }
        return next.handle().subscribe({
          next: (value) => {
            if (value === undefined) {
              subscriber.next(value);
              return;
            }
            let json: string;
            try {
              // Remembered objects (the query service's render caches) are spliced in as text.
              json = stringifyReply(value) ?? 'null';
            } catch (err) {
              finish(ErrorCode.INTERNAL);
              subscriber.error(
                new Error(`reply for ${label} cannot be serialised: ${String(err)}`, {
                  cause: err,
                }),
              );
              return;
            }
            subscriber.next(new SerializedReply(json));
          },
          error: (err: unknown) => {
            finish(err instanceof TonApiError ? err.code : ErrorCode.INTERNAL);
            subscriber.error(err);
          },
          complete: () => {
            finish('ok');
            subscriber.complete();
          },
        });
      }),
    );
  }
}
