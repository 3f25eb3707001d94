import assert from 'node:assert/strict';

import { describe, it } from 'node:test';
import { Dictionary } from '@ton/core';
import { withoutExtra } from '../support/v2-expectations';
import { boc, type MethodContext } from './method-context';

/** getConfigParam, getConfigAll and getLibraries against the chain's config and libraries. */
export function configAndLibraryCases({ harness }: MethodContext): void {
  describe('config and libraries', () => {
    it('getConfigParam returns the chain’s parameter over GET, POST and JSON-RPC', async () => {
      const head = harness().localnet.chain.head().id.seqno;
      const config = harness().localnet.chain.config(head);
      const dict = config
        .beginParse()
        .loadDictDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell());
      for (const id of [0, 1, 15, 34]) {
        const param = dict.get(id);
        assert.ok(param, `config param ${id}`);
        const expected = {
          '@type': 'configInfo',
          config: { '@type': 'tvm.cell', bytes: boc(param) },
        };
        const get = await harness().get('getConfigParam', { config_id: id });
        assert.equal(get.status, 200);
        assert.deepEqual(get.body.result, expected);
        const post = await harness().post('getConfigParam', { param: id, seqno: head });
        assert.deepEqual(post.body.result, expected);
        const rpc = await harness().jsonRpc('getConfigParam', { config_id: String(id) });
        assert.deepEqual(rpc.body.result, expected);
      }
    });

    it('getConfigAll returns the whole config dictionary', async () => {
      const head = harness().localnet.chain.head().id.seqno;
      const reply = await harness().get('getConfigAll', { seqno: head });
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body.result, {
        '@type': 'configInfo',
        config: { '@type': 'tvm.cell', bytes: boc(harness().localnet.chain.config(head)) },
      });
    });

    it('getConfigParam rejects bad input', async () => {
      const cases: [Record<string, string | number>, string][] = [
        // 2.1 asks for exactly one; given both, its GET parser keeps config_id (v2-parity tests).
        [{}, 'failed to validate request: only one of config_id or param should be specified'],
        [{ param: -1 }, 'failed to validate request: param should be non-negative'],
        [{ config_id: -1 }, 'failed to validate request: config_id should be non-negative'],
        [{ config_id: 'x' }, 'failed to parse get request: failed to parse config_id'],
      ];
      for (const [params, error] of cases) {
        const reply = await harness().get('getConfigParam', params);
        assert.equal(reply.status, 422);
        assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
      }
    });

    it('getLibraries omits hashes the chain has no library for (the genesis chain has none)', async () => {
      const unknown = Buffer.alloc(32, 7);
      const found = harness().localnet.chain.libraries([unknown]);
      assert.deepEqual(found, []);
      const get = await harness().get('getLibraries', {
        libraries: [unknown.toString('hex'), unknown.toString('base64url')],
      });
      assert.equal(get.status, 200);
      assert.deepEqual(get.body.result, { '@type': 'smc.libraryResult', result: [] });
      const post = await harness().post('getLibraries', {
        libraries: [unknown.toString('base64')],
      });
      assert.deepEqual(post.body.result, { '@type': 'smc.libraryResult', result: [] });
      const bad = await harness().get('getLibraries', { libraries: 'zz' });
      assert.deepEqual(withoutExtra(bad.body), {
        ok: false,
        error: 'failed to parse get request: failed to parse libraries',
        code: 422,
      });
    });
  });
}
