import { ErrorCode, TonApiError } from '@app/contracts';
import {
  classifyFailure,
  type FailureKind,
  isRetryable,
  liteserverTimeout,
  noLiteservers,
} from '@app/liteclient';

/** One liteserver a message can go to. */
export interface FanOutTarget {
  /** Index in the global config (a metric label). */
  readonly server: number;
  send(): Promise<void>;
}

/** How one liteserver answered, reported as soon as it does (also after the client has its answer). */
export interface FanOutAttempt {
  readonly server: number;
  readonly result: 'ok' | FailureKind;
  readonly seconds: number;
}

export interface FanOutFailure {
  readonly server: number;
  readonly kind: FailureKind;
  readonly error: unknown;
}

export type FanOutResult =
  | { readonly accepted: true; readonly server: number }
  | { readonly accepted: false; readonly failures: readonly FanOutFailure[] };

/**
 * Sends to `width` liteservers at once and resolves on the first acceptance; the others keep going
 * (a message broadcast by several nodes reaches validators sooner, and a duplicate is harmless: the
 * contract's replay protection drops it). A liteserver that fails without deciding (timeout, dropped
 * connection, not ready) is replaced by the next untried target; a liteserver that refuses the
 * message is not, since its verdict on the same state would be the others' too. When every attempt has
 * failed, the failures are returned in the order they came.
 */
export function fanOut(
  targets: readonly FanOutTarget[],
  width: number,
  onAttempt: (attempt: FanOutAttempt) => void = () => undefined,
): Promise<FanOutResult> {
  return new Promise((resolve) => {
    const failures: FanOutFailure[] = [];
    let next = 0;
    let running = 0;
    let settled = false;

    const finish = (result: FanOutResult): void => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };

    const start = (): void => {
      const target = targets[next];
      next += 1;
      if (target === undefined) {
        return;
      }
      running += 1;
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      target.send().then(
        () => {
          running -= 1;
          onAttempt({ server: target.server, result: 'ok', seconds: seconds() });
          finish({ accepted: true, server: target.server });
        },
        (error: unknown) => {
          running -= 1;
          const kind = classifyFailure(error);
          onAttempt({ server: target.server, result: kind, seconds: seconds() });
          failures.push({ server: target.server, kind, error });
          if (!settled && isRetryable(kind) && next < targets.length) {
            start();
          } else if (running === 0) {
            finish({ accepted: false, failures });
          }
        },
      );
    };

    const initial = Math.min(Math.max(1, width), targets.length);
    if (initial === 0) {
      finish({ accepted: false, failures });
      return;
    }
    for (let i = 0; i < initial; i++) {
      start();
    }
  });
}

/**
 * The client's error when no liteserver accepted the message, as toncenter words it
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): a
 * refusal is tonlib's `LITE_SERVER_UNKNOWN: <the liteserver's reason>` (HTTP 500), e.g. `cannot apply
 * external message to current state : External message was not accepted…`; only timeouts give
 * `LITE_SERVER_NETWORK timeout` (504); no reachable liteserver gives `no workers available` (542).
 */
export function rejectionOf(failures: readonly FanOutFailure[]): TonApiError {
  const refusal = failures.find((f) => f.kind === 'answer');
  if (refusal !== undefined) {
    const reason = refusal.error instanceof Error ? refusal.error.message : String(refusal.error);
    return new TonApiError(ErrorCode.MESSAGE_REJECTED, `LITE_SERVER_UNKNOWN: ${reason}`, {
      retryable: false,
    });
  }
  if (failures.some((f) => f.kind === 'timeout')) {
    return liteserverTimeout();
  }
  return noLiteservers();
}
