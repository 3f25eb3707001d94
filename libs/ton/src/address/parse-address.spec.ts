import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseAddress, toRawAddress } from './parse-address';

// Test vectors: the exact pytonlib detectAddress outputs recorded in toncenter
// https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml.
const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';

describe('parseAddress', () => {
  it('reads the bounceable url-safe form', () => {
    const sut = parseAddress('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N')!;
    assert.equal(toRawAddress(sut.address), RAW);
    assert.equal(sut.form, 'friendly_bounceable');
    assert.equal(sut.testOnly, false);
  });

  it('reads the non-bounceable form and the standard base64 alphabet', () => {
    const nonBounceable = parseAddress('UQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p9dz')!;
    const standard = parseAddress('EQDtFpEwcFAEcRe5mLVh2N6C0x+/hJEM7W61/JLnSF74p4q2')!;
    const expected = '0:ed1691307050047117b998b561d8de82d31fbf84910ced6eb5fc92e7485ef8a7';
    assert.equal(nonBounceable.form, 'friendly_non_bounceable');
    assert.equal(toRawAddress(nonBounceable.address), expected);
    assert.equal(toRawAddress(standard.address), expected);
  });

  it('reads the test-only flag', () => {
    const sut = parseAddress('0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqPvC')!;
    assert.equal(sut.testOnly, true);
    assert.equal(toRawAddress(sut.address), RAW);
  });

  it('reads raw addresses in any case, masterchain included', () => {
    assert.equal(toRawAddress(parseAddress(RAW.toUpperCase())!.address), RAW);
    const master = parseAddress(`-1:${'3'.repeat(64)}`);
    assert.equal(master?.address.workChain, -1);
  });

  it('rejects what toncenter 2.1 rejects', () => {
    for (const bad of [
      '',
      'invalid',
      '0:83dfd552',
      `5:${'0'.repeat(64)}`,
      'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2M', // checksum off by one character
      '83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
    ]) {
      assert.equal(parseAddress(bad), undefined, bad);
    }
  });
});
