import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { V2_METHODS, V3_ENDPOINTS } from '@app/gateway';
import { GENESIS } from '@app/localnet';
import { buildValue } from './support/hostile-builders';
import { type HostileRequest, loadCorpus, sweepRequests } from './support/hostile-case';
import { send } from './support/hostile-client';
import { type HostileHarness, startHostileHarness } from './support/hostile-harness';
import { MAX_REQUEST_MS, verdict } from './support/hostile-verdict';

/** Parameter names that take an address in the v2 and v3 registries. */
const ADDRESS_PARAM = /(^|_)(address|account|source|destination|wallet|master)$/;

/** Every `path param` that takes an address, from the registries themselves. */
function addressParams(): string[] {
  const v2 = [...V2_METHODS.values()].flatMap((m) =>
    m.params.filter((p) => ADDRESS_PARAM.test(p)).map((p) => `/api/v2/${m.name} ${p}`),
  );
  const v3 = [...V3_ENDPOINTS.values()].flatMap((e) =>
    Object.keys(e.query.shape)
      .filter((p) => ADDRESS_PARAM.test(p))
      .map((p) => `/api/v3/${e.name} ${p}`),
  );
  return [...v2, ...v3].sort();
}

const corpus = loadCorpus();

// The hostile corpus (test/hostile/corpus, described in README.md here) against one service: every
// request gets its exact 4xx with a JSON error naming the parameter, never a 5xx, within the time
// bound; the service still answers afterwards.
describe('hostile input', () => {
  let harness: HostileHarness;
  let slowest = { ms: 0, name: '' };
  let sent = 0;

  before(async () => {
    harness = await startHostileHarness();
  });

  after(async () => {
    await harness.close();
  });

  async function check(request: HostileRequest): Promise<string | undefined> {
    const answer = await send(harness.baseUrl, request);
    sent += 1;
    if (answer.ms > slowest.ms) {
      slowest = { ms: answer.ms, name: request.name };
    }
    const problem = verdict(request, answer);
    return problem === undefined ? undefined : `${request.name}: ${problem}`;
  }

  for (const theme of corpus) {
    describe(`${theme.theme} (${theme.file})`, () => {
      for (const request of theme.requests) {
        it(request.name, async () => {
          assert.equal(await check(request), undefined);
        });
      }
      for (const sweep of theme.sweeps) {
        for (const target of sweep.targets) {
          const requests = sweepRequests(sweep, target);
          it(`${sweep.name}: ${requests[0]?.name.replace(/ = .*$/, '') ?? ''}`, async () => {
            const problems: string[] = [];
            for (const request of requests) {
              const problem = await check(request);
              if (problem !== undefined) {
                problems.push(problem);
              }
            }
            assert.deepEqual(problems, []);
          });
        }
      }
    });
  }

  it('sweeps every address parameter of the v2 and v3 registries', () => {
    const covered = new Set(
      corpus.flatMap((theme) =>
        theme.sweeps
          .filter((sweep) => sweep.name === 'invalid address')
          .flatMap((sweep) => [
            ...sweep.targets.map(
              (t) => `${t.rpcMethod === undefined ? t.path : `/api/v2/${t.rpcMethod}`} ${t.param}`,
            ),
            ...(sweep.exempt ?? []).map((e) => `${e.path} ${e.param}`),
          ]),
      ),
    );
    assert.deepEqual(
      addressParams().filter((p) => !covered.has(p)),
      [],
    );
  });

  it('still answers getMasterchainInfo and /api/v3/transactions afterwards', async () => {
    const v2 = await fetch(`${harness.baseUrl}/api/v2/getMasterchainInfo`);
    assert.equal(v2.status, 200);
    const body: unknown = await v2.json();
    assert.ok(typeof body === 'object' && body !== null && 'ok' in body && body.ok === true);
    const v3 = await fetch(`${harness.baseUrl}/api/v3/transactions?limit=1`);
    assert.deepEqual([v3.status, await v3.json()], [200, { transactions: [], address_book: {} }]);
  });

  it('still runs get-methods afterwards, with stacks exactly at their limits (stacks.json)', async () => {
    const address = harness.wallet;
    const run = async (path: string, body: string): Promise<Record<string, unknown>> => {
      const response = await fetch(`${harness.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = await response.text();
      assert.equal(response.status, 200, `${path}: ${text}`);
      const json = JSON.parse(text) as Record<string, unknown>;
      const result = (json.result ?? json) as Record<string, unknown>;
      assert.equal(result.exit_code, 0, `${path}: ${text}`);
      return result;
    };
    const seqno = await run(
      '/api/v2/runGetMethod',
      JSON.stringify({ address, method: 'seqno', stack: [] }),
    );
    assert.deepEqual(seqno.stack, [['num', `0x${GENESIS.finalSeqno.v4r2.toString(16)}`]]);
    // The wallet's seqno leaves its arguments below its result.
    const entries = await run(
      '/api/v2/runGetMethod',
      buildValue('stack.entries', { count: 255, address }),
    );
    assert.equal((entries.stack as unknown[]).length, 256);
    await run('/api/v2/runGetMethod', buildValue('stack.deepCell', { depth: 255, address }));
    await run(
      '/api/v2/runGetMethodStd',
      buildValue('stack.nested', { levels: 16, address, api: 'std' }),
    );
    await run(
      '/api/v2/runGetMethodStd',
      buildValue('stack.values', { tuples: 8, elements: 127, address, api: 'std' }),
    );
    await run('/api/v2/jsonRPC', buildValue('stack.entries', { count: 255, address, api: 'rpc' }));
    await run(
      '/api/v3/runGetMethod',
      buildValue('stack.entries', { count: 255, address, api: 'v3' }),
    );
  });

  it(`answered each of the requests within ${String(MAX_REQUEST_MS)} ms`, (t) => {
    t.diagnostic(
      `${String(sent)} hostile requests; slowest ${slowest.ms.toFixed(1)} ms (${slowest.name})`,
    );
    assert.ok(sent > 0);
    assert.ok(slowest.ms < MAX_REQUEST_MS, `${slowest.name}: ${slowest.ms.toFixed(0)} ms`);
  });
});
