import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3_ENDPOINTS } from '@app/gateway';
import { PARITY_POST_BODIES, PARITY_ROUTES, SETTINGS_ALIASES } from '../support/v3-parity.table';
import { type ParityFixture, parityRequests, refused } from './parity-requests';

/** Every route reads exactly toncenter's parameters; unknown keys are listed, or refused in strict mode. */
export function routeParameterCases(fixture: () => ParityFixture): void {
  const { raw, values, requestWith } = parityRequests(fixture);
  void it('the registry declares exactly the parameters toncenter parses, route by route', () => {
    const declared = (name: string): string[] =>
      Object.keys(V3_ENDPOINTS.get(name)?.query.shape ?? {}).sort();
    for (const [name, route] of Object.entries(PARITY_ROUTES)) {
      assert.deepEqual(declared(name), Object.keys(route.params).sort(), name);
    }
    for (const [name, fields] of Object.entries(PARITY_POST_BODIES)) {
      assert.deepEqual(declared(name), [...fields].sort(), name);
    }
    // Every route served is in the table (balanceChanges is served too, below).
    const tabled = new Set([...Object.keys(PARITY_ROUTES), ...Object.keys(PARITY_POST_BODIES)]);
    assert.deepEqual(
      [...V3_ENDPOINTS.keys()].filter((n) => !tabled.has(n)),
      [],
    );
  });

  for (const [name, route] of Object.entries(PARITY_ROUTES)) {
    void it(`${name}: every parameter toncenter parses is accepted, none reported as ignored`, async () => {
      const problems: string[] = [];
      for (const [param, kind] of Object.entries(route.params)) {
        const reply = await raw(`v3/${name}`, requestWith(route, param, kind));
        if (![200, 404].includes(reply.status) || reply.ignored !== null) {
          problems.push(
            `${param}: ${String(reply.status)} ${JSON.stringify(reply.body).slice(0, 200)} ignored=${String(reply.ignored)}`,
          );
        }
      }
      assert.deepEqual(problems, []);
    });
  }

  void it('unknown keys are ignored and listed in X-Ignored-Params; the answer is the same', async () => {
    const { h, wallet } = fixture();
    for (const [name, route] of Object.entries(PARITY_ROUTES)) {
      const base = values(route.base ?? {});
      const plain = await raw(`v3/${name}`, base);
      const extra = await raw(`v3/${name}`, { ...base, colection_address: wallet, toString: '1' });
      assert.equal(plain.ignored, null, name);
      assert.equal(extra.ignored, 'colection_address,toString', name);
      assert.equal(extra.status, plain.status, name);
      if (name !== 'masterchainInfo') {
        assert.deepEqual(extra.body, plain.body, name);
      }
    }
    // On POST the query string carries settings only: a body field of the same name is still read.
    const run = await fetch(`${h.baseUrl}/api/v3/runGetMethod?address=junk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: wallet, method: 'seqno' }),
    });
    assert.deepEqual(
      [run.status, run.headers.get('x-ignored-params')],
      [200, 'address'],
      await run.text(),
    );
    // The request settings are no parameters of a route, and never reported.
    const settings = Object.fromEntries(
      SETTINGS_ALIASES.map((k) => [k, k === 'strict' ? 'false' : k === 'x_timeout' ? '3000' : '1']),
    );
    const withSettings = await raw('v3/transactions', { account: wallet, ...settings });
    assert.deepEqual([withSettings.status, withSettings.ignored], [200, null]);
  });

  void it('strict mode (?strict=true or X-Strict-Params: true) refuses an unknown key with a 422 naming it', async () => {
    const { h, wallet } = fixture();
    refused(
      await h.get('v3/nft/items', { colection_address: wallet, strict: 'true' }),
      'unknown query parameter "colection_address"',
    );
    refused(
      await h.get('v3/blocks', { toString: '1' }, { 'X-Strict-Params': 'true' }),
      'unknown query parameter "toString"',
    );
    refused(
      await h.post('v3/runGetMethod?strict=on', { address: wallet, method: 'seqno', seqno: 1 }),
      'unknown query parameter "seqno"',
    );
    // Off by default and with a false value; the known keys pass in strict mode.
    assert.equal((await h.get('v3/blocks', { toString: '1', strict: 'false' })).status, 200);
    assert.equal((await h.get('v3/transactions', { account: wallet, strict: 'true' })).status, 200);
  });
}
