import { performance } from 'node:perf_hooks';

import {
  ErrorCode,
  prefixSubject,
  contractFor,
  type RpcRequest,
  type RpcResponse,
  type RpcSubject,
  TonApiError,
} from '@app/contracts';
import { generateRequestId, getRequestId, NatsMetrics, PINO_LOGGER } from '@app/observability';
import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { ClientNats, ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import {
  firstValueFrom,
  mergeMap,
  race,
  Subject,
  take,
  throwError,
  timeout,
  TimeoutError,
} from 'rxjs';
import { type Logger } from 'pino';

import { joinReplyParts, ReplyText } from '../chunking/reply-chunks';
import { requestHeaders } from '../headers';
import { NATS_RPC_OPTIONS, RPC_CLIENT_PROXY } from '../nats.constants';
import { describeIssues } from '../validation/describe-issues';
import { ForwardedReplyChecker } from '../validation/forwarded-reply.checker';
import { reviveRpcError } from '../errors/revive';
import { type ResolvedNatsRpcOptions } from '../nats-rpc.options';

/**
 * A validated reply with the JSON text it arrived as (undefined only for a reply that had no text,
 * such as an undefined one): a caller that answers the reply unchanged can send that text instead
 * of serialising the value again (the gateway's v3 pass-through, 1 MB on a traces page).
 */
export interface RpcReplyWithJson<T> {
  readonly value: T;
  readonly json: string | undefined;
}

/**
 * A reply forwarded as its text (RpcClient.forward): `json` to answer with (its UTF-8 bytes as they
 * crossed NATS, or its text from the in-process transport), or, for a reply that had no text, the
 * validated `value`; `checked` settles false when the text broke the contract.
 */
export type RpcForwardedReply<T> =
  | {
      readonly json: string | Uint8Array;
      readonly value: undefined;
      readonly checked: Promise<boolean>;
    }
  | { readonly json: undefined; readonly value: T; readonly checked: Promise<boolean> };

export interface RpcRequestOptions {
  /** Defaults to the module's `defaultTimeoutMs` (NATS_REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Defaults to the current request context's id, else a new one. */
  requestId?: string;
}

/**
 * Typed request/reply over NATS or the in-process bus. Only registered
 * subjects with their request shape compile; the request and the reply are validated with the
 * contract's schemas; failures always surface as TonApiError:
 * - invalid request → INVALID_ARGUMENT (nothing is sent),
 * - no reply in time → UPSTREAM_TIMEOUT,
 * - coded error from the service → the same code,
 * - no responder, or the NATS connection down (refused, reconnecting, or lost while the request was
 *   on the wire) → SERVICE_UNAVAILABLE at once,
 * - invalid reply or anything else → INTERNAL.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  /** Emits when the NATS connection drops (a 'disconnect' status of ClientNats). */
  private readonly connectionLost = new Subject<void>();
  private readonly checker: ForwardedReplyChecker;

  constructor(
    @Inject(RPC_CLIENT_PROXY) private readonly proxy: ClientProxy,
    @Inject(NATS_RPC_OPTIONS) private readonly options: ResolvedNatsRpcOptions,
    @Optional() private readonly metrics?: NatsMetrics,
    @Optional() @Inject(PINO_LOGGER) private readonly logger?: Logger,
  ) {
    this.checker = new ForwardedReplyChecker({ cpuShare: options.replyCheckCpuPercent / 100 });
    if (proxy instanceof ClientNats) {
      proxy.on('disconnect', () => {
        this.connectionLost.next();
      });
    }
  }

  async request<S extends RpcSubject>(
    subject: S,
    payload: RpcRequest<S>,
    options: RpcRequestOptions = {},
  ): Promise<RpcResponse<S>> {
    return (await this.requestWithJson(subject, payload, options)).value;
  }

  /** As `request`, with the reply's JSON text as it crossed the transport (see RpcReplyWithJson). */
  requestWithJson<S extends RpcSubject>(
    subject: S,
    payload: RpcRequest<S>,
    options: RpcRequestOptions = {},
  ): Promise<RpcReplyWithJson<RpcResponse<S>>> {
    return this.observed(subject, async () =>
      this.validated(subject, await this.exchange(subject, payload, options)),
    );
  }

  /**
   * For a caller that answers the reply unchanged (the gateway's v3 endpoints): the reply's JSON
   * as it crossed NATS (its bytes, not decoded nor parsed here); its check against the contract runs on a worker
   * thread (ForwardedReplyChecker) and settles `checked`, within the checks' CPU
   * budget (REPLY_CHECK_CPU_PERCENT: a big page beyond it is counted as skipped and settles true).
   * A violation is logged and counted instead of thrown: the text is already on its way.
   * Parsing and validating a 1 MB traces page on the event loop cost the gateway ~20 ms per page.
   * Both transports hand over successful replies as text; anything else is validated as `request`
   * does.
   */
  forward<S extends RpcSubject>(
    subject: S,
    payload: RpcRequest<S>,
    options: RpcRequestOptions = {},
  ): Promise<RpcForwardedReply<RpcResponse<S>>> {
    const requestId = options.requestId ?? getRequestId();
    return this.observed(subject, async () => {
      const raw = await this.exchange(subject, payload, options);
      if (!(raw instanceof ReplyText)) {
        const { value } = this.validated(subject, raw);
        return { json: undefined, value, checked: Promise.resolve(true) };
      }
      const checked = this.checker.check(subject, raw.body).then((check) => {
        if (check.ok && check.skipped === true) {
          this.metrics?.observeReplyCheckSkipped(subject);
        }
        if (!check.ok) {
          this.metrics?.observeReplyViolation(subject);
          this.logger?.error(
            { subject, requestId, problem: check.problem },
            'a forwarded reply broke its contract',
          );
        }
        return check.ok;
      });
      return { json: raw.body, value: undefined, checked };
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checker.close();
    await this.proxy.close();
  }

  /** Runs one request, recording its duration and outcome, failing only with TonApiError. */
  private async observed<T>(subject: RpcSubject, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await run();
      this.metrics?.observeRequest(subject, 'ok', (performance.now() - started) / 1000);
      return result;
    } catch (err) {
      const error = err instanceof TonApiError ? err : reviveRpcError(err, subject);
      this.metrics?.observeRequest(subject, error.code, (performance.now() - started) / 1000);
      throw error;
    }
  }

  /** The reply checked against the contract, with its text when it has one. */
  private validated<S extends RpcSubject>(
    subject: S,
    raw: unknown,
  ): RpcReplyWithJson<RpcResponse<S>> {
    const json = raw instanceof ReplyText ? raw.json : undefined;
    let value: unknown = raw;
    if (json !== undefined) {
      try {
        value = JSON.parse(json);
      } catch (err) {
        throw new TonApiError(ErrorCode.INTERNAL, `${subject} reply is not JSON`, { cause: err });
      }
    }
    const res = contractFor(subject).res.safeParse(value);
    if (!res.success) {
      throw new TonApiError(
        ErrorCode.INTERNAL,
        `invalid ${subject} reply: ${describeIssues(res.error)}`,
      );
    }
    return { value: res.data, json };
  }

  /** Sends the validated request and waits for its reply: a ReplyText on success, on either transport. */
  private async exchange<S extends RpcSubject>(
    subject: S,
    payload: RpcRequest<S>,
    options: RpcRequestOptions,
  ): Promise<unknown> {
    const contract = contractFor(subject);
    const req = contract.req.safeParse(payload);
    if (!req.success) {
      throw new TonApiError(
        ErrorCode.INVALID_ARGUMENT,
        `invalid ${subject} request: ${describeIssues(req.error)}`,
      );
    }
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs;
    const requestId = options.requestId ?? getRequestId() ?? generateRequestId();
    const record = new NatsRecordBuilder(req.data).setHeaders(requestHeaders(requestId)).build();
    const wireSubject = prefixSubject(this.options.subjectPrefix, subject);
    // A request on the wire when the connection drops gets no reply: the server that held it is gone
    // (requests fail fast with 503 while NATS is down, not at their deadline). Requests
    // made while it is down are refused by ClientNats itself ("Connection lost").
    const lost = this.connectionLost.pipe(
      take(1),
      mergeMap(() =>
        throwError(
          () =>
            new TonApiError(
              ErrorCode.SERVICE_UNAVAILABLE,
              `transport lost before ${subject} was answered`,
            ),
        ),
      ),
    );
    let raw: unknown;
    try {
      raw = await firstValueFrom(
        race(
          // The deadline covers the whole reply, every chunk of a large one included.
          this.proxy
            .send<unknown>(wireSubject, record)
            .pipe(joinReplyParts(), timeout({ first: timeoutMs })),
          lost,
        ),
      );
    } catch (err) {
      if (err instanceof TimeoutError) {
        throw new TonApiError(
          ErrorCode.UPSTREAM_TIMEOUT,
          `no reply to ${subject} within ${timeoutMs} ms`,
        );
      }
      throw reviveRpcError(err, subject);
    }
    return raw;
  }
}
