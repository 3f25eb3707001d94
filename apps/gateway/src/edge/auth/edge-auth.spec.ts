import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ActiveApiKey } from '@app/database';
import { hashApiKey } from './api-key-secret';
import { authenticate } from './edge-auth';

const KEY = 'cd'.repeat(32);
const PLAN = {
  id: 3,
  name: 'plus',
  rps: 25,
  burst: 5,
  networks: ['testnet', 'local'],
  streamingConnections: 4,
  streamingAddresses: 500,
};
const lookup = (hash: string): Promise<ActiveApiKey | null> =>
  Promise.resolve(hash === hashApiKey(KEY) ? { keyId: 11, plan: PLAN } : null);

void describe('authenticate', () => {
  void it('admits a live key of a plan that allows this network', async () => {
    assert.deepEqual(await authenticate({ kind: 'key', key: KEY }, lookup, 'testnet'), {
      ok: true,
      caller: { kind: 'key', keyId: 11, plan: PLAN },
    });
    assert.deepEqual(await authenticate({ kind: 'key', key: KEY.toUpperCase() }, lookup, 'local'), {
      ok: true,
      caller: { kind: 'key', keyId: 11, plan: PLAN },
    });
  });

  void it('refuses a key of another network with 403 Network not allowed', async () => {
    assert.deepEqual(await authenticate({ kind: 'key', key: KEY }, lookup, 'mainnet'), {
      ok: false,
      failure: { status: 403, message: 'Network not allowed', reason: 'network_not_allowed' },
    });
  });

  void it('refuses unknown, malformed and repeated keys with 401 API key does not exist', async () => {
    const unknown = {
      ok: false,
      failure: { status: 401, message: 'API key does not exist', reason: 'unknown_key' },
    };
    let lookups = 0;
    const counting = (hash: string): Promise<ActiveApiKey | null> => {
      lookups += 1;
      return lookup(hash);
    };
    assert.deepEqual(
      await authenticate({ kind: 'key', key: 'ef'.repeat(32) }, counting, 'local'),
      unknown,
    );
    assert.deepEqual(await authenticate({ kind: 'key', key: 'short' }, counting, 'local'), unknown);
    assert.deepEqual(await authenticate({ kind: 'invalid' }, counting, 'local'), unknown);
    assert.equal(lookups, 1, 'only a well-formed key is looked up');
  });

  void it('lets callers without a key in, and everyone when there is no key store', async () => {
    const anonymous = { ok: true, caller: { kind: 'anonymous' } };
    assert.deepEqual(await authenticate({ kind: 'none' }, lookup, 'mainnet'), anonymous);
    assert.deepEqual(
      await authenticate({ kind: 'key', key: 'nonsense' }, null, 'mainnet'),
      anonymous,
    );
  });
});
