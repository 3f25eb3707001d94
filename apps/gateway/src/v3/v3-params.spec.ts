import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTonApiError } from '@app/contracts';
import { parseBoolParam, parseHash, V3Params } from './v3-params';

/** The 422 a read throws: its parameter and text. */
function refusal(read: () => unknown): { param: unknown; message: string } {
  try {
    read();
  } catch (error) {
    assert.ok(isTonApiError(error), String(error));
    return { param: error.details?.param, message: error.message };
  }
  assert.fail('expected a 422');
}

const HASH = Buffer.alloc(32, 0xab);
const B64 = HASH.toString('base64');

describe('V3Params', () => {
  it('reads limit below 1 as 1 and a negative offset as 0, as toncenter clamps them', () => {
    const p = new V3Params({ limit: '0', offset: '-5' });
    assert.deepEqual([p.limit('limit', 100), p.offset('offset')], [1, 0]);
    assert.equal(new V3Params({ limit: '-2147483648' }).limit('limit', 100), 1);
    const absent = new V3Params({});
    assert.deepEqual([absent.limit('limit', 100), absent.offset('offset')], [100, 0]);
  });

  it('refuses a limit over 1000 in toncenter words, and int32 overflow as a conversion error', () => {
    assert.deepEqual(
      refusal(() => new V3Params({ limit: '1001' }).limit('limit', 100)),
      {
        param: 'limit',
        message: 'limit is not allowed: 1001 > 1000',
      },
    );
    for (const [key, value] of [
      ['limit', '2147483648'],
      ['offset', '2147483648'],
      ['offset', '-2147483649'],
    ] as const) {
      assert.deepEqual(
        refusal(() => {
          const p = new V3Params({ [key]: value });
          return [p.limit('limit', 100), p.offset('offset')];
        }),
        {
          param: key,
          message: `failed to decode: schema: error converting value for "${key}"`,
        },
      );
    }
  });

  it('takes a utime as uint32 (fractions truncated) and compares one past int32 as its maximum', () => {
    const p = new V3Params({ start_utime: '4294967295', end_utime: '1.9', x: '2147483648' });
    assert.equal(p.utime('start_utime'), 2 ** 31 - 1);
    assert.equal(p.utime('end_utime'), 1);
    assert.equal(p.utime('x'), 2 ** 31 - 1);
    for (const bad of ['4294967296', '-1', '1e3', '9007199254740992']) {
      assert.equal(
        refusal(() => new V3Params({ end_utime: bad }).utime('end_utime')).param,
        'end_utime',
      );
    }
  });

  it('reads booleans in the forms gofiber decodes: on and strconv.ParseBool', () => {
    for (const v of ['on', '1', 't', 'T', 'true', 'TRUE', 'True']) {
      assert.equal(parseBoolParam(v), true, v);
    }
    for (const v of ['0', 'f', 'F', 'false', 'FALSE', 'False']) {
      assert.equal(parseBoolParam(v), false, v);
    }
    for (const v of ['ON', 'off', 'yes', 'tRuE', '']) {
      assert.equal(parseBoolParam(v), undefined, v);
    }
    assert.equal(new V3Params({ include_boc: 'on' }).bool('include_boc'), true);
    assert.equal(refusal(() => new V3Params({ b: 'yes' }).bool('b')).param, 'b');
  });

  it('reads hashes in the forms toncenter does: 64 hex, 0x + 64 hex, 44 base64 or base64url', () => {
    const hex = HASH.toString('hex');
    for (const form of [
      hex,
      hex.toUpperCase(),
      `0x${hex}`,
      B64,
      `${HASH.toString('base64url')}=`,
    ]) {
      assert.equal(parseHash(form), B64, form);
    }
    for (const form of [
      `0X${hex}`,
      HASH.toString('base64url'), // 43 characters, no padding
      B64.slice(0, 43),
      `${B64.slice(0, 10)}_${B64.slice(11, 20)}+${B64.slice(21)}`, // both alphabets at once
      `${hex}00`,
    ]) {
      assert.equal(parseHash(form), undefined, form);
    }
  });

  it('reads keys named after Object.prototype members as plain keys, never inherited values', () => {
    const raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(Object.prototype)) {
      raw[key] = '1';
    }
    const p = new V3Params(raw);
    assert.deepEqual(p.keys().sort(), Object.getOwnPropertyNames(Object.prototype).sort());
    assert.equal(p.string('toString'), '1');
    assert.equal(new V3Params({}).string('constructor'), undefined);
    assert.equal(new V3Params({}).has('hasOwnProperty'), false);
    const body = JSON.parse('{"__proto__": "x", "constructor": "y", "address": "z"}') as unknown;
    const fromBody = V3Params.fromBody(body, new Set(['constructor']));
    assert.deepEqual(fromBody.keys().sort(), ['__proto__', 'address']);
    assert.equal(fromBody.jsonField('__proto__'), 'x');
  });

  it('leaves out the keys it is told to skip, and records the names read', () => {
    const p = new V3Params({ seqno: '1', colection_address: 'x' }, new Set(['colection_address']));
    assert.equal(p.int32('seqno'), 1);
    assert.equal(p.string('colection_address'), undefined);
    p.addresses('account');
    assert.deepEqual([...p.readNames()], ['seqno', 'colection_address', 'account']);
  });
});
