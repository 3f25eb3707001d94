import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TONCENTER_DETECT_ADDRESS } from '@app/testing';
import { normalizedExternalHash, parseAddress, type ParsedAddress } from '@app/ton';
import { Address, beginCell, external, storeMessage } from '@ton/core';
import { detectAddress, detectHash, packAddress, unpackAddress } from './address-forms';

function parsed(input: string): ParsedAddress {
  const result = parseAddress(input);
  assert.ok(result, input);
  return result;
}

// toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml:
// exact pytonlib outputs, with 2.1's @type tags.
describe('detectAddress', () => {
  it('matches the toncenter example vector for a friendly bounceable address', () => {
    const { input, detected } = TONCENTER_DETECT_ADDRESS;
    assert.deepEqual(detectAddress(parsed(input)), detected);
  });

  it('keeps both alphabets apart (EQDtFp… vector)', () => {
    const d = detectAddress(parsed('EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2'));
    assert.equal(d.raw_form, '0:ed1691307050047117b998b561d8de82d31fbf84910ced6eb5fc92e7485ef8a7');
    assert.equal(d.bounceable.b64, 'EQDtFpEwcFAEcRe5mLVh2N6C0x+/hJEM7W61/JLnSF74p4q2');
    assert.equal(d.non_bounceable.b64url, 'UQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p9dz');
  });

  it('keeps the test-only flag in both variants', () => {
    const testOnly = Address.parse('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N').toString({
      testOnly: true,
    });
    assert.match(testOnly, /^kQCD.*xqKYH$/);
    const d = detectAddress(parsed(testOnly));
    assert.equal(d.non_bounceable.b64url, '0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqPvC');
    assert.equal(d.given_type, 'friendly_bounceable');
    assert.equal(d.test_only, true);
  });

  it('reads raw masterchain input (lowercase raw_form, given_type raw_form)', () => {
    const d = detectAddress(parsed(`-1:${'3'.repeat(64)}`));
    assert.equal(d.raw_form, `-1:${'3'.repeat(64)}`);
    assert.equal(d.bounceable.b64url, 'Ef8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM0vF');
    assert.equal(d.non_bounceable.b64url, 'Uf8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMxYA');
    assert.equal(d.given_type, 'raw_form');
    assert.equal(d.test_only, false);
  });
});

describe('packAddress / unpackAddress (2.1)', () => {
  it('packs raw input as bounceable url-safe and keeps a friendly input’s flags', () => {
    assert.equal(
      packAddress(parsed('0:ED1691307050047117B998B561D8DE82D31FBF84910CED6EB5FC92E7485EF8A7')),
      'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2',
    );
    assert.equal(
      packAddress(parsed('UQDtFpEwcFAEcRe5mLVh2N6C0x+/hJEM7W61/JLnSF74p9dz')),
      'UQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p9dz',
    );
  });

  it('unpacks to wc:HEX uppercase (2.1 test vector)', () => {
    assert.equal(
      unpackAddress(parsed('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N')),
      '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8',
    );
  });
});

describe('detectHash', () => {
  it('gives b64, unpadded b64url and lowercase hex', () => {
    const hash = Buffer.from('fb'.repeat(32), 'hex');
    assert.deepEqual(detectHash(hash), {
      '@type': 'ext.utils.detectedHash',
      b64: '+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/s=',
      b64url: '-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s',
      hex: 'fb'.repeat(32),
    });
  });
});

describe('normalizedExternalHash (TEP-467)', () => {
  const dest = Address.parse('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N');
  const body = beginCell().storeUint(0xdeadbeef, 32).endCell();

  it('equals the plain hash of an already normal message (no src, no fee, no init, body by ref)', () => {
    const normal = beginCell()
      .storeUint(0b10, 2)
      .storeUint(0, 2)
      .storeAddress(dest)
      .storeCoins(0n)
      .storeBit(false)
      .storeBit(true)
      .storeRef(body)
      .endCell();
    assert.deepEqual(normalizedExternalHash(normal), normal.hash());
  });

  it('ignores init and an inline body', () => {
    const withInit = beginCell()
      .store(
        storeMessage(
          external({
            to: dest,
            init: { code: beginCell().endCell(), data: beginCell().endCell() },
            body,
          }),
        ),
      )
      .endCell();
    const bare = beginCell()
      .store(storeMessage(external({ to: dest, body })))
      .endCell();
    assert.notDeepEqual(withInit.hash(), bare.hash());
    assert.deepEqual(normalizedExternalHash(withInit), normalizedExternalHash(bare));
  });
});
