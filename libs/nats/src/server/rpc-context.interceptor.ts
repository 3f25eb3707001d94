import { performance } from 'node:perf_hooks';

import { ErrorCode, isRpcSubject, rpcContracts, TonApiError } from '@app/contracts';
import { generateRequestId, type NatsMetrics, runWithRequestId } from '@app/observability';
import { type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { type z } from 'zod';

import { RPC_SUBJECT_METADATA } from '../nats.constants';
import { headersOfContext, requestIdOf } from '../headers';

/**
 * Runs every RPC handler inside the caller's request context (the `x-request-id` NATS header, so
 * handler logs carry it), validates the request and the reply against the subject's contract
 * (house style 3.2: validate on both sides) and records the handler duration.
 *
 * The request is replaced by the schema's output; the reply is checked, not transformed, so a
 * bigint or a missing field fails here with a logged INTERNAL error instead of a silent timeout.
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
            const res = contract?.res.safeParse(value);
            if (res !== undefined && !res.success) {
              finish(ErrorCode.INTERNAL);
              subscriber.error(
                new Error(`reply for ${label} violates its contract: ${describeIssues(res.error)}`),
              );
              return;
            }
            subscriber.next(value);
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

/** `address: expected a raw address 'wc:hex'; seqno: …` — names every bad field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map(
      (issue) => `${issue.path.length === 0 ? '(root)' : issue.path.join('.')}: ${issue.message}`,
    )
    .join('; ');
}
