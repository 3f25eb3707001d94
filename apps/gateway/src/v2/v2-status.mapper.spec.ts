import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, RETRYABLE_BY_DEFAULT } from '@app/contracts';
import { v2StatusOf } from './v2-status.mapper';

describe('v2StatusOf', () => {
  it("answers each code with toncenter 2.1's status", () => {
    const expected: Record<ErrorCode, number> = {
      INVALID_ARGUMENT: 422,
      INVALID_ADDRESS: 422,
      NOT_FOUND: 404,
      NOT_JETTON_OR_NFT: 409,
      NOT_A_WALLET: 409,
      LITESERVER_TIMEOUT: 504,
      LITESERVER_UNAVAILABLE: 542,
      UNSUPPORTED_STACK_ENTRY: 542,
      LITESERVER_ERROR: 500,
      TVM_ERROR: 500,
      MESSAGE_REJECTED: 500,
      RATE_LIMITED: 429,
      UPSTREAM_TIMEOUT: 504,
      SERVICE_UNAVAILABLE: 503,
      INTERNAL: 500,
    };
    for (const code of Object.values(ErrorCode)) {
      assert.equal(v2StatusOf(code), expected[code], code);
    }
  });

  it('keeps an unsupported stack entry apart from a liteserver outage: same 542, not retryable', () => {
    assert.notEqual(ErrorCode.UNSUPPORTED_STACK_ENTRY, ErrorCode.LITESERVER_UNAVAILABLE);
    assert.equal(RETRYABLE_BY_DEFAULT.has(ErrorCode.UNSUPPORTED_STACK_ENTRY), false);
    assert.equal(RETRYABLE_BY_DEFAULT.has(ErrorCode.LITESERVER_UNAVAILABLE), true);
  });
});
