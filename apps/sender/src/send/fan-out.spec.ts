import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode } from '@app/contracts';
import { LiteserverTimeoutError } from '@app/liteclient';
import { type FanOutAttempt, fanOut, type FanOutTarget, rejectionOf } from './fan-out';

const REFUSAL =
  'cannot apply external message to current state : External message was not accepted (exit code 33)';

/** A liteserver that answers `outcome` after `delayMs`, recording when it was asked. */
function server(
  index: number,
  outcome: 'ok' | 'refuse' | 'timeout' | 'drop',
  delayMs: number,
  asked: number[],
): FanOutTarget {
  return {
    server: index,
    send: async () => {
      asked.push(index);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      switch (outcome) {
        case 'ok':
          return;
        case 'refuse':
          throw new Error(REFUSAL);
        case 'timeout':
          throw new LiteserverTimeoutError(5000);
        case 'drop':
          throw new Error('connect ECONNREFUSED 127.0.0.1:1');
      }
    },
  };
}

describe('fanOut', () => {
  it('asks `width` liteservers at once and answers on the first acceptance', async () => {
    const asked: number[] = [];
    const attempts: FanOutAttempt[] = [];
    const sut = await fanOut(
      [
        server(0, 'ok', 40, asked),
        server(1, 'ok', 5, asked),
        server(2, 'ok', 1, asked),
        server(3, 'ok', 1, asked),
      ],
      2,
      (attempt) => attempts.push(attempt),
    );
    assert.deepEqual(sut, { accepted: true, server: 1 });
    assert.deepEqual(asked, [0, 1]);
    // The slower one still finishes and is reported (its latency is a metric).
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(
      attempts.map((a) => [a.server, a.result]),
      [
        [1, 'ok'],
        [0, 'ok'],
      ],
    );
  });

  it('replaces a liteserver that times out or drops, not one that refuses', async () => {
    const asked: number[] = [];
    const sut = await fanOut(
      [
        server(0, 'drop', 1, asked),
        server(1, 'timeout', 2, asked),
        server(2, 'ok', 5, asked),
        server(3, 'ok', 30, asked),
      ],
      2,
    );
    assert.deepEqual(sut, { accepted: true, server: 2 });
    assert.deepEqual(asked, [0, 1, 2, 3]);

    const refused: number[] = [];
    const result = await fanOut(
      [
        server(0, 'refuse', 1, refused),
        server(1, 'refuse', 3, refused),
        server(2, 'ok', 1, refused),
      ],
      2,
    );
    assert.equal(result.accepted, false);
    assert.deepEqual(refused, [0, 1]);
  });

  it('reports every failure in arrival order when nothing accepts', async () => {
    const asked: number[] = [];
    const sut = await fanOut(
      [server(0, 'timeout', 10, asked), server(1, 'refuse', 1, asked), server(2, 'drop', 1, asked)],
      3,
    );
    assert.equal(sut.accepted, false);
    assert.ok(!sut.accepted);
    assert.deepEqual(
      sut.failures.map((f) => [f.server, f.kind]),
      [
        [1, 'answer'],
        [2, 'transport'],
        [0, 'timeout'],
      ],
    );
  });

  it('answers at once without targets', async () => {
    assert.deepEqual(await fanOut([], 4), { accepted: false, failures: [] });
  });
});

describe('rejectionOf', () => {
  const failure = (kind: 'answer' | 'timeout' | 'transport', error: unknown) => ({
    server: 0,
    kind,
    error,
  });

  it('prefers the liteserver’s refusal, worded as tonlib does', () => {
    const sut = rejectionOf([
      failure('timeout', new LiteserverTimeoutError(1)),
      failure('answer', new Error(REFUSAL)),
    ]);
    assert.equal(sut.code, ErrorCode.MESSAGE_REJECTED);
    assert.equal(sut.message, `LITE_SERVER_UNKNOWN: ${REFUSAL}`);
    assert.equal(sut.retryable, false);
  });

  it('reports timeouts as a timeout and anything else as no live liteserver', () => {
    const timeout = rejectionOf([
      failure('transport', new Error('ECONNRESET')),
      failure('timeout', new LiteserverTimeoutError(1)),
    ]);
    assert.deepEqual(
      [timeout.code, timeout.message],
      [ErrorCode.LITESERVER_TIMEOUT, 'LITE_SERVER_NETWORK timeout'],
    );
    const none = rejectionOf([failure('transport', new Error('ECONNRESET'))]);
    assert.deepEqual(
      [none.code, none.message],
      [ErrorCode.LITESERVER_UNAVAILABLE, 'no workers available'],
    );
    assert.equal(rejectionOf([]).code, ErrorCode.LITESERVER_UNAVAILABLE);
  });
});
