import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AddressMemo } from './address-memo';
import { normaliseAddress } from './subscription-targets';

const FRIENDLY = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';

describe('AddressMemo', () => {
  it('gives what normaliseAddress gives, bad addresses included', () => {
    const memo = new AddressMemo(4);
    for (const input of [FRIENDLY, FRIENDLY, 'not an address', 'not an address']) {
      assert.equal(memo.normalise(input), normaliseAddress(input));
    }
    assert.equal(
      memo.normalise(FRIENDLY),
      `0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8`,
    );
  });

  it('holds at most its capacity, starting over past it', () => {
    const memo = new AddressMemo(2);
    const raw = (i: number): string => `0:${i.toString(16).padStart(64, '0')}`;
    for (let i = 1; i <= 5; i++) {
      assert.equal(memo.normalise(raw(i)), raw(i).toUpperCase());
    }
    assert.equal(memo.size, 1);
  });
});
