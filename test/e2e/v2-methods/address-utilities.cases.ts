import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TONCENTER_DETECT_ADDRESS } from '@app/testing';
import { withoutExtra } from '../support/v2-expectations';
import { type MethodContext } from './method-context';

/** detectAddress, packAddress, unpackAddress and detectHash. */
export function addressUtilityCases({ harness }: MethodContext): void {
  describe('address and hash utilities', () => {
    it('detectAddress, packAddress, unpackAddress and detectHash over GET, POST and JSON-RPC', async () => {
      const { input, detected } = TONCENTER_DETECT_ADDRESS;
      assert.deepEqual(
        (await harness().get('detectAddress', { address: input })).body.result,
        detected,
      );
      assert.deepEqual(
        (await harness().post('detectAddress', { address: input })).body.result,
        detected,
      );
      assert.deepEqual(
        (await harness().jsonRpc('detectAddress', { address: input })).body.result,
        detected,
      );
      const raw = '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8';
      assert.equal((await harness().get('unpackAddress', { address: input })).body.result, raw);
      assert.equal((await harness().jsonRpc('packAddress', { address: raw })).body.result, input);
      const hash = await harness().post('detectHash', { hash: 'fb'.repeat(32) });
      assert.deepEqual(hash.body.result, {
        '@type': 'ext.utils.detectedHash',
        b64: '+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/s=',
        b64url: '-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s',
        hex: 'fb'.repeat(32),
      });
      const bad = await harness().get('detectAddress', { address: 'nope' });
      assert.deepEqual(withoutExtra(bad.body), {
        ok: false,
        error: "failed to parse get request: Failed to parse ton_addr: 'nope'",
        code: 422,
      });
      const badHash = await harness().get('detectHash', { hash: 'abc' });
      assert.deepEqual(withoutExtra(badHash.body), {
        ok: false,
        error: "invalid hash: 'abc'",
        code: 422,
      });
    });
  });
}
