import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address } from '@ton/core';
import { addressAsGiven } from './accounts.params';

// The address of the toncenter reference examples (toncenter
// https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml,
// detectAddress).
const ADDRESS = Address.parse('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N');
const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';

describe('accounts parameters', () => {
  it('echoes the address as toncenter 2.1 normalises it', () => {
    assert.equal(addressAsGiven({ address: RAW }, 'address', 'get'), RAW.toUpperCase());
    assert.equal(
      addressAsGiven(
        { address: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N' },
        'address',
        'get',
      ),
      'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
    );
    // Non-bounceable stays non-bounceable (detectAddress vector UQCD…xqEBI).
    assert.equal(
      addressAsGiven(
        { address: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI' },
        'address',
        'post',
      ),
      'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
    );
    // Standard-alphabet input comes back url-safe, the test-only flag kept (vector 0QCD…xqPvC).
    const testOnly = ADDRESS.toString({ bounceable: false, testOnly: true, urlSafe: false });
    assert.equal(
      addressAsGiven({ address: testOnly }, 'address', 'get'),
      '0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqPvC',
    );
  });

  it('rejects a bad address with the 2.1 wording', () => {
    assert.throws(() => addressAsGiven({ address: 'nope' }, 'address', 'post'), {
      message: "failed to parse post request: Failed to parse ton_addr: 'nope'",
    });
  });
});
