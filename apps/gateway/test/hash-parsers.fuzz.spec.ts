import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, isTonApiError } from '@app/contracts';
import fc from 'fast-check';
import { optionalHash } from '../src/v2/v2-params';
import { parseHash } from '../src/v3/v3-params';

/** Bounded and seeded, so CI runs the same cases every time (a failure prints its seed and path). */
const RUNS = { numRuns: 300, seed: 0x4a54 };

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b));

/** The v2 reading of `text` as `hash`: the bytes, or undefined when refused with its typed 422. */
function v2Hash(text: string): Buffer | undefined {
  try {
    return optionalHash({ hash: text }, 'hash', 'get');
  } catch (error) {
    assert.ok(isTonApiError(error), `threw ${String(error)}`);
    assert.equal(error.code, ErrorCode.INVALID_ARGUMENT);
    assert.equal(error.message, `invalid hash: '${text}'`);
    assert.equal(error.details?.param, 'hash');
    return undefined;
  }
}

/** Strings made of what hashes are written with (and a few characters they never hold). */
const hashish = fc.string({
  unit: fc.constantFrom(...'0123456789abcdefABCDEFxX+/-_=Zz \u0000'.split('')),
  minLength: 40,
  maxLength: 68,
});

/** Every form toncenter accepts a 256-bit hash in (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go, toncenter). */
function forms(hash: Buffer): string[] {
  const hex = hash.toString('hex');
  const mixed = hex.replace(/[a-f]/g, (c, i: number) => (i % 2 === 0 ? c.toUpperCase() : c));
  return [
    hex,
    hex.toUpperCase(),
    mixed,
    hash.toString('base64'),
    hash.toString('base64url'),
    `${hash.toString('base64url')}=`,
  ];
}

/** A valid form of a hash with one edit: a character replaced, dropped or added (or none). */
const nearlyHash = fc
  .tuple(
    bytes32,
    fc.nat(),
    fc.nat(),
    fc.constantFrom('keep', 'replace', 'drop', 'add'),
    fc.constantFrom(...'0aF+/-_=g!'.split('')),
  )
  .map(([hash, which, at, edit, char]) => {
    const all = forms(hash);
    const text = all[which % all.length] ?? '';
    const i = at % (text.length + 1);
    switch (edit) {
      case 'keep':
        return text;
      case 'replace':
        return `${text.slice(0, i)}${char}${text.slice(i + 1)}`;
      case 'drop':
        return `${text.slice(0, i)}${text.slice(i + 1)}`;
      case 'add':
        return `${text.slice(0, i)}${char}${text.slice(i)}`;
    }
  });

describe('hash parameters of the gateway (property-based)', () => {
  it('never throw but their typed 422 (v2) or refusal (v3), whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 90 }), hashish), (text) => {
        const v2 = v2Hash(text);
        assert.ok(v2 === undefined || v2.length === 32);
        const v3 = parseHash(text);
        assert.ok(v3 === undefined || Buffer.from(v3, 'base64').length === 32);
      }),
      RUNS,
    );
  });

  it('read a hash in every accepted form to the same bytes, in v2 and v3 alike', () => {
    fc.assert(
      fc.property(bytes32, (hash) => {
        for (const form of forms(hash)) {
          assert.ok(v2Hash(form)?.equals(hash), form);
          // v3 takes 44 characters only, as toncenter-v3's HashConverter (43 unpadded are v2's).
          assert.equal(
            parseHash(form),
            form.length === 43 ? undefined : hash.toString('base64'),
            form,
          );
        }
        // v3 also takes 0x before the hex (toncenter
        // https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go); v2 does not.
        assert.equal(parseHash(`0x${hash.toString('hex')}`), hash.toString('base64'));
        assert.equal(v2Hash(`0x${hash.toString('hex')}`), undefined);
      }),
      RUNS,
    );
  });

  it('agree with each other on every string without a 0x prefix, valid or nearly so', () => {
    fc.assert(
      fc.property(fc.oneof(hashish, nearlyHash), (text) => {
        fc.pre(!/^0[xX]/.test(text));
        const v2 = v2Hash(text);
        const v3 = parseHash(text);
        if (v3 !== undefined || v2 === undefined) {
          assert.equal(v2?.toString('base64'), v3, JSON.stringify(text));
        } else {
          // What v2 takes and v3 refuses: toncenter-v3 reads 44 characters of one base64 alphabet.
          const mixed = /[+/]/.test(text) && /[-_]/.test(text);
          assert.ok(text.length === 43 || mixed, JSON.stringify(text));
        }
      }),
      RUNS,
    );
  });
});
