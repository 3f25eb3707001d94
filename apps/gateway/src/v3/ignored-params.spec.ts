import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import {
  IGNORED_PARAMS_MAX_CHARS,
  ignoredParamsHeader,
  refuseUnknown,
  strictParams,
} from './ignored-params';
import { checkV3Query, declaredKeys, unknownKeys } from './v3-schemas';

describe('ignored v3 parameters', () => {
  it('lists the keys an endpoint does not take, once each, key[] as key, settings excepted', () => {
    const raw = { seqno: '1', 'foo[]': ['a'], foo: 'b', api_key: 'k', toString: '1' };
    assert.deepEqual(unknownKeys(raw, new Set(['seqno']), ['api_key']), ['foo', 'toString']);
  });

  it('takes every Object.prototype name as a plain unknown key', () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    const raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of names) {
      raw[key] = '1';
    }
    const schema = z.object({ seqno: z.string().optional() });
    assert.deepEqual(unknownKeys(raw, declaredKeys(schema), []), names);
    // The schema check reads only declared keys: nothing inherited is consulted.
    checkV3Query(schema, raw);
  });

  it('writes the header as percent-encoded names, comma-separated, bounded', () => {
    assert.equal(ignoredParamsHeader(['foo', 'bar_baz']), 'foo,bar_baz');
    assert.equal(
      ignoredParamsHeader(['a b', '👾', '\u0000', 'x,y']),
      'a%20b,%F0%9F%91%BE,%00,x%2Cy',
    );
    // A lone surrogate is written as U+FFFD, never a throw.
    assert.equal(ignoredParamsHeader(['\ud800']), '%EF%BF%BD');
    const many = Array.from({ length: 100 }, (_, i) => `param_${String(i)}`);
    const header = ignoredParamsHeader(many);
    assert.ok(header.length <= IGNORED_PARAMS_MAX_CHARS, String(header.length));
    const shown = header.split(',');
    const tail = shown.pop() ?? '';
    assert.equal(tail, `(+${String(100 - shown.length)} more)`);
    assert.deepEqual(shown, many.slice(0, shown.length));
    assert.match(header, /^[\x20-\x7e]+$/);
  });

  it('turns strict mode on from the header or the query alias, in the boolean forms', () => {
    assert.equal(strictParams('true', undefined), true);
    assert.equal(strictParams(undefined, 'on'), true);
    assert.equal(strictParams(undefined, '1'), true);
    assert.equal(strictParams('false', 'true'), false, 'the header wins');
    assert.equal(
      strictParams(undefined, ['true', 'true']),
      false,
      'a repeated alias is no setting',
    );
    assert.equal(strictParams(undefined, undefined), false);
  });

  it('refuses the first unknown key in strict mode with a 422 naming it', () => {
    assert.throws(
      () => {
        refuseUnknown(['colection_address', 'x']);
      },
      {
        code: 'INVALID_ARGUMENT',
        message: 'unknown query parameter "colection_address"',
        details: { param: 'colection_address' },
      },
    );
    refuseUnknown([]);
  });
});
