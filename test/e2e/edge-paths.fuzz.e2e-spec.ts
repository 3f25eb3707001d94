import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { V2_METHODS, V3_ENDPOINTS } from '@app/gateway';
import {
  clientAddress,
  type EdgeHarness,
  sampleValue,
  sendRaw,
  startEdgeHarness,
} from './support/edge-harness';

/** toncenter's anonymous rate: every anonymous answer shows limit 1, remaining 0 on a fresh client. */
const ANONYMOUS_RPS = 1;
const PLAN_RPS = 1_000_000;
const REQUESTS = 'tonapi_api_requests_total';

interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly prefix: string;
  /** The metric label of the route (apps/gateway/src/http/http-hooks.ts routeLabel). */
  readonly label: string;
  readonly body?: string;
}

/** Every route of the three APIs, from the registries the controllers serve. */
function allRoutes(): Route[] {
  const v2: Route[] = [...V2_METHODS.keys()].map((name) => ({
    method: 'GET',
    path: `/api/v2/${name}`,
    prefix: '/api/v2/',
    label: `/api/v2/${name}`,
  }));
  const v3: Route[] = [...V3_ENDPOINTS.values()]
    .filter((e) => (e.verbs ?? ['GET']).includes('GET'))
    .map((e) => ({
      method: 'GET',
      path: `/api/v3/${e.name}`,
      prefix: '/api/v3/',
      label: e.name.includes('/') ? '/api/v3/:group/:endpoint' : '/api/v3/:endpoint',
    }));
  return [
    ...v2,
    {
      method: 'POST',
      path: '/api/v2/jsonRPC',
      prefix: '/api/v2/',
      label: '/api/v2/jsonRPC',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getMasterchainInfo', params: {} }),
    },
    ...v3,
    {
      method: 'GET',
      path: '/api/streaming/v2/ws',
      prefix: '/api/streaming/v2/',
      label: '/api/streaming/v2/ws',
    },
  ];
}

const CHANGES = [
  'keep',
  'keep',
  'keep',
  'keep',
  'keep',
  'upper',
  'lower',
  'double',
  'case',
] as const;
const STRUCTURES = ['none', 'none', 'double-slash', 'dot', 'trailing'] as const;

interface Variant {
  readonly target: string;
  /** How the router and the edge must treat it, from how it was made. */
  readonly kind: 'canonical' | 'refused' | 'unknown';
  /** Only escapes of letters and digits: the router decodes it to the canonical route. */
  readonly decodesToRoute: boolean;
}

const hex = (ch: string): string => ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');

/**
 * The route's prefix respelled: each character but the leading slash (whose escape Node's parser
 * refuses before the edge sees anything) kept, percent-encoded in either hex case, double-encoded
 * or re-cased; then maybe a slash doubled, a dot segment or a trailing slash.
 */
function variantOf(
  route: Route,
  changes: readonly (typeof CHANGES)[number][],
  structure: (typeof STRUCTURES)[number],
  slashPick: number,
): Variant {
  const { prefix } = route;
  const out = Array.from({ length: prefix.length }, (_, i) => prefix.charAt(i));
  let escaped = false;
  let escapedSlash = false;
  let recased = false;
  for (let i = 1; i < prefix.length; i += 1) {
    const ch = prefix.charAt(i);
    const change = changes[i] ?? 'keep';
    if (change === 'upper' || change === 'lower' || change === 'double') {
      const code = change === 'lower' ? hex(ch).toLowerCase() : hex(ch);
      out[i] = change === 'double' ? `%25${code}` : `%${code}`;
      escaped = true;
      escapedSlash ||= ch === '/' || change === 'double';
    } else if (change === 'case' && /[a-z]/i.test(ch)) {
      out[i] = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
      recased = true;
    }
  }
  const slashes = Array.from({ length: prefix.length }, (_, i) => i).filter(
    (i) => prefix.charAt(i) === '/',
  );
  const at = slashes[slashPick % slashes.length] ?? 0;
  if (structure === 'double-slash') {
    out[at] = `${out[at] ?? ''}/`;
  } else if (structure === 'dot') {
    out[at] = `${out[at] ?? ''}./`;
  }
  const target = `${out.join('')}${route.path.slice(prefix.length)}${structure === 'trailing' ? '/' : ''}`;
  const refused = escaped || structure === 'double-slash' || structure === 'dot';
  const unknown = recased || structure === 'trailing';
  return {
    target,
    kind: refused ? 'refused' : unknown ? 'unknown' : 'canonical',
    decodesToRoute: escaped && !escapedSlash && !recased && structure === 'none',
  };
}

/** Every request of plan `fuzz` counted so far, over all routes and statuses. */
function planTotal(exposition: string): number {
  return exposition
    .split('\n')
    .filter((line) => line.startsWith(`${REQUESTS}{`) && line.includes('plan="fuzz"}'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

function unknownKeyBody(route: Route): string {
  return route.prefix === '/api/v2/'
    ? '{"ok":false,"error":"API key does not exist","code":401}'
    : '{"error":"API key does not exist"}';
}

// The edge against every spelling of every route (fast-check, seeded): a respelled path either is
// refused (400 naming the path, 404 for another case) or is the canonical route itself, and in
// every case its key is checked, a rate-limit unit is charged and the per-plan metric counts it
// (under the canonical route when the router reads the spelling as that route; else under the
// template it matched, or `unmatched`).
void describe('edge: every spelling of every route gets the canonical treatment or a 4xx', () => {
  let harness: EdgeHarness;
  let key: string;
  const routes = allRoutes();
  const canonicalStatus = new Map<string, number>();
  let clients = 0;

  before(async () => {
    harness = await startEdgeHarness({ redis: true, anonymousRps: ANONYMOUS_RPS });
    key = await harness.createKey('fuzz', PLAN_RPS);
    for (const route of routes) {
      const answer = await sendRaw(
        harness.baseUrl,
        route.method,
        route.path,
        { 'x-api-key': key },
        route.body,
      );
      canonicalStatus.set(route.path, answer.status);
    }
  });

  after(async () => {
    await harness.close();
  });

  const metrics = async (): Promise<string> => (await fetch(`${harness.baseUrl}/metrics`)).text();

  void it('serves each canonical route without a 5xx', () => {
    // dnsResolve without `address` starts at ConfigParam 4's root DNS, which names mainnet's root; the
    // local chain has no such contract, so the resolution fails as tonlib's does (500, get method
    // failed). The spellings below still check its key, unit and metric.
    const failed = [...canonicalStatus].filter(
      ([path, status]) => status >= 500 && path !== '/api/v2/dnsResolve',
    );
    assert.deepEqual(failed, []);
  });

  void it('checks the key, charges a unit and labels the metric for every spelling', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          route: fc.nat({ max: routes.length - 1 }),
          changes: fc.array(fc.constantFrom(...CHANGES), { minLength: 18, maxLength: 18 }),
          structure: fc.constantFrom(...STRUCTURES),
          slash: fc.nat({ max: 3 }),
        }),
        async ({ route: index, changes, structure, slash }) => {
          const route = routes[index];
          assert.ok(route !== undefined);
          const variant = variantOf(route, changes, structure, slash);
          const expected =
            variant.kind === 'refused'
              ? 400
              : variant.kind === 'unknown'
                ? 404
                : canonicalStatus.get(route.path);
          const send = (headers: Record<string, string>) =>
            sendRaw(harness.baseUrl, route.method, variant.target, headers, route.body);
          const shown = `${route.method} ${variant.target}`;

          // Without a key: the anonymous limit of a client of its own, one unit spent.
          const anonymous = await send({ 'x-forwarded-for': clientAddress((clients += 1)) });
          assert.equal(anonymous.status, expected, `${shown}: ${anonymous.body}`);
          assert.deepEqual(
            [anonymous.headers['ratelimit-limit'], anonymous.headers['ratelimit-remaining']],
            [String(ANONYMOUS_RPS), String(ANONYMOUS_RPS - 1)],
            shown,
          );
          if (variant.kind === 'refused') {
            assert.match(anonymous.body, /malformed path '/, shown);
          }

          // A key that does not exist: refused for it, whatever the spelling.
          const wrong = await send({
            'x-forwarded-for': clientAddress((clients += 1)),
            'x-api-key': randomBytes(32).toString('hex'),
          });
          assert.deepEqual([wrong.status, wrong.body], [401, unknownKeyBody(route)], shown);

          // The plan's key: its limit applies and its metric counts the request once, under the
          // canonical route when the router reads the spelling as that route.
          const before = await metrics();
          const keyed = await send({ 'x-api-key': key });
          assert.equal(keyed.status, expected, `${shown}: ${keyed.body}`);
          assert.equal(keyed.headers['ratelimit-limit'], String(PLAN_RPS), shown);
          // The counter moves when the response has finished (onResponse): wait for it.
          let afterwards = await metrics();
          for (let i = 0; i < 100 && planTotal(afterwards) === planTotal(before); i += 1) {
            afterwards = await metrics();
          }
          assert.equal(planTotal(afterwards) - planTotal(before), 1, shown);
          if (variant.kind === 'canonical' || variant.decodesToRoute) {
            const series = `route="${route.label}",status="${String(keyed.status)}",plan="fuzz"`;
            assert.equal(
              sampleValue(afterwards, REQUESTS, series) - sampleValue(before, REQUESTS, series),
              1,
              shown,
            );
          }
        },
      ),
      { seed: 20_261_127, numRuns: 120 },
    );
  });

  void it('still answers a plain request afterwards', async () => {
    const answer = await sendRaw(harness.baseUrl, 'GET', '/api/v2/getMasterchainInfo', {
      'x-api-key': key,
    });
    assert.equal(answer.status, 200, answer.body);
  });
});
