import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address } from '@ton/core';
import fc from 'fast-check';
import { parseAddress, toRawAddress } from './parse-address';

/** Bounded and seeded, so CI runs the same cases every time (a failure prints its seed and path). */
const RUNS = { numRuns: 300, seed: 0x7a11 };

const workchain = fc.constantFrom(0, -1);
const hash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes));
const address = fc.tuple(workchain, hash).map(([wc, h]) => new Address(wc, h));
const friendlyFlags = fc.record({
  bounceable: fc.boolean(),
  testOnly: fc.boolean(),
  urlSafe: fc.boolean(),
});

/** The characters an address is written with, and a few that are never in one. */
const addressish = fc.string({
  unit: fc.constantFrom(...'0123456789abcdefABCDEF:-_+/=EQUQkf \u0000\u202e'.split('')),
  maxLength: 70,
});

/** The alphabet variants of one base64 digit: `+`/`-` and `/`/`_` are the same digit. */
function sameDigit(a: string, b: string): boolean {
  const canonical = (c: string): string => (c === '-' ? '+' : c === '_' ? '/' : c);
  return canonical(a) === canonical(b);
}

describe('parseAddress (property-based)', () => {
  it('never throws, whatever the string, and what it accepts reads back the same', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), addressish), (input) => {
        const parsed = parseAddress(input);
        if (parsed !== undefined) {
          const again = parseAddress(toRawAddress(parsed.address));
          assert.ok(again?.address.equals(parsed.address));
        }
      }),
      RUNS,
    );
  });

  it('reads every friendly form back to the address, with its bounceable and test-only flags', () => {
    fc.assert(
      fc.property(address, friendlyFlags, (sut, flags) => {
        const parsed = parseAddress(sut.toString(flags));
        assert.ok(parsed !== undefined);
        assert.ok(parsed.address.equals(sut));
        assert.equal(
          parsed.form,
          flags.bounceable ? 'friendly_bounceable' : 'friendly_non_bounceable',
        );
        assert.equal(parsed.testOnly, flags.testOnly);
      }),
      RUNS,
    );
  });

  it('reads the raw form in any letter case, and writes it back in lower case', () => {
    fc.assert(
      fc.property(address, fc.boolean(), (sut, upper) => {
        const raw = sut.toRawString();
        const parsed = parseAddress(upper ? raw.toUpperCase() : raw);
        assert.ok(parsed !== undefined);
        assert.ok(parsed.address.equals(sut));
        assert.equal(parsed.form, 'raw_form');
        assert.equal(toRawAddress(parsed.address), raw.toLowerCase());
      }),
      RUNS,
    );
  });

  it('refuses a friendly address with any one character changed (the CRC16 catches it)', () => {
    const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/'.split(
      '',
    );
    fc.assert(
      fc.property(
        address,
        friendlyFlags,
        fc.nat({ max: 47 }),
        fc.constantFrom(...base64url),
        (sut, flags, at, digit) => {
          const text = sut.toString(flags);
          const before = text[at] ?? '';
          const mutated = `${text.slice(0, at)}${digit}${text.slice(at + 1)}`;
          const parsed = parseAddress(mutated);
          if (sameDigit(before, digit)) {
            assert.ok(parsed?.address.equals(sut), 'an alphabet variant reads the same');
          } else {
            assert.equal(parsed, undefined, mutated);
          }
        },
      ),
      RUNS,
    );
  });

  it('accepts a raw address only in the basechain or the masterchain', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), hash, (wc, h) => {
        const parsed = parseAddress(`${String(wc)}:${h.toString('hex')}`);
        assert.equal(parsed !== undefined, wc === 0 || wc === -1);
      }),
      RUNS,
    );
  });
});
