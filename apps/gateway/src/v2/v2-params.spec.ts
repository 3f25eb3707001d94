import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTonApiError } from '@app/contracts';
import {
  optionalBigInteger,
  optionalFlag,
  optionalHash,
  optionalInt64,
  optionalSeqno,
  own,
} from './v2-params';
import { V2Range } from './v2-schemas';

function fails(run: () => unknown, message: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(isTonApiError(error));
    assert.equal(error.message, message);
    return true;
  });
}

describe('v2 parameter readers', () => {
  it('reads toncenter’s boolean words in any case, and JSON integers as non-zero', () => {
    for (const word of ['y', 'YES', 't', 'True', 'on', '1', 1, 7, -1, true]) {
      assert.equal(optionalFlag({ archival: word }, 'archival', 'get'), true, String(word));
    }
    for (const word of ['n', 'No', 'f', 'FALSE', 'off', '0', 0, false]) {
      assert.equal(optionalFlag({ archival: word }, 'archival', 'get'), false, String(word));
    }
    assert.equal(optionalFlag({}, 'archival', 'get'), undefined);
    for (const bad of ['maybe', 'yes ', 1.5, {}, ['1']]) {
      fails(
        () => optionalFlag({ archival: bad }, 'archival', 'post'),
        'failed to parse post request: failed to parse archival',
      );
    }
  });

  it('reads integers exactly within their range, as numbers or decimal text', () => {
    assert.equal(
      optionalBigInteger({ n: '9223372036854775807' }, 'n', 'get', V2Range.int64),
      2n ** 63n - 1n,
    );
    assert.equal(optionalBigInteger({ n: -5 }, 'n', 'post'), -5n);
    for (const bad of ['2147483648', '1e3', '0x10', ' 1', '1.0', 2 ** 53, '1'.repeat(21)]) {
      fails(
        () => optionalBigInteger({ n: bad }, 'n', 'get'),
        'failed to parse get request: failed to parse n',
      );
    }
    assert.equal(optionalInt64({ shard: '9223372036854775808' }, 'shard', 'get'), -(2n ** 63n));
    fails(
      () => optionalInt64({ shard: '18446744073709551616' }, 'shard', 'get'),
      'failed to parse get request: failed to parse shard',
    );
    fails(
      () => optionalSeqno({ seqno: '2147483648' }, 'get'),
      'failed to parse get request: failed to parse seqno',
    );
    fails(
      () => optionalSeqno({ seqno: 0 }, 'get'),
      'failed to validate request: seqno should be positive',
    );
  });

  it('reads a 43-character hash only in base64url, as toncenter’s TonHash does', () => {
    const bytes = Buffer.alloc(32, 0xfb);
    const url = bytes.toString('base64url');
    assert.equal(url.length, 43);
    assert.deepEqual(optionalHash({ hash: url }, 'hash', 'get'), bytes);
    const standard = bytes.toString('base64');
    assert.deepEqual(optionalHash({ hash: standard }, 'hash', 'get'), bytes);
    fails(
      () => optionalHash({ hash: standard.slice(0, 43) }, 'hash', 'get'),
      `invalid hash: '${standard.slice(0, 43)}'`,
    );
  });

  it('never reads an inherited property as a parameter', () => {
    const raw = { address: 'x' };
    for (const key of Object.getOwnPropertyNames(Object.prototype)) {
      assert.equal(own(raw, key), undefined, key);
    }
    assert.equal(
      optionalSeqno(Object.create({ seqno: 5 }) as Record<string, unknown>, 'get'),
      undefined,
    );
  });
});
