import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ignoredParamsHeader } from '@app/gateway';
import { type HostileHarness, startHostileHarness } from './support/hostile-harness';
import { namesParam } from './support/hostile-verdict';
import {
  EDGE_VALUES,
  endpointVerbs,
  integerTargets,
  PROTOTYPE_KEYS,
  takes,
} from './support/v3-sweeps';

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly ignored: string | null;
}

/** A problem with a 422 answer: not `{error}` alone, or an error that does not name `param`. */
function namingProblem(answer: Answer, param: string): string | undefined {
  const body = answer.body;
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error') {
    return `not the v3 error body: ${JSON.stringify(body)}`;
  }
  const error = (body as { error: unknown }).error;
  return typeof error === 'string' && namesParam(error, param)
    ? undefined
    : `the error does not name "${param}": ${JSON.stringify(error)}`;
}

// Sweeps generated from the v3 registry (support/v3-sweeps.ts) against the hostile harness's service
// (an empty, migrated database): every integer parameter at the integer types' edges answers a 422
// naming it or a clean answer, and every Object.prototype name as a query or body key is ignored and
// reported (or refused in strict mode), never a 5xx.
describe('v3 sweeps generated from the registry', () => {
  let harness: HostileHarness;

  before(async () => {
    harness = await startHostileHarness();
  });

  after(async () => {
    await harness.close();
  });

  async function get(endpoint: string, query: Record<string, string>): Promise<Answer> {
    const qs = new URLSearchParams(Object.entries(query)).toString();
    const response = await fetch(`${harness.baseUrl}/api/v3/${endpoint}?${qs}`);
    const text = await response.text();
    return {
      status: response.status,
      body: JSON.parse(text) as unknown,
      ignored: response.headers.get('x-ignored-params'),
    };
  }

  async function post(
    endpoint: string,
    rawBody: string,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${harness.baseUrl}/api/v3/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: rawBody,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: JSON.parse(text) as unknown,
      ignored: response.headers.get('x-ignored-params'),
    };
  }

  const targets = integerTargets();

  it('finds the integer parameters in the registry', () => {
    const names = new Set(targets.map((t) => `${t.endpoint} ${t.param}`));
    for (const expected of [
      'blocks seqno',
      'blocks start_utime',
      'transactions end_lt',
      'transactions shard',
      'messages opcode',
      'masterchainBlockShards limit',
      'nft/items offset',
      'traces mc_seqno',
    ]) {
      assert.ok(names.has(expected), expected);
    }
  });

  for (const target of targets) {
    it(`${target.endpoint} ${target.param} (${target.kind}) at the integer edges`, async () => {
      const base = await get(target.endpoint, target.base);
      assert.ok([200, 404].includes(base.status), `base: ${JSON.stringify(base.body)}`);
      const problems: string[] = [];
      for (const { label, value } of EDGE_VALUES) {
        const answer = await get(target.endpoint, {
          ...target.base,
          [target.param]: value.toString(),
        });
        const where = `${target.param} = ${label}`;
        if (takes(target.kind, value)) {
          if (![200, 404].includes(answer.status)) {
            problems.push(`${where}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
          }
        } else if (answer.status !== 422) {
          problems.push(`${where}: expected 422, got ${String(answer.status)}`);
        } else {
          const problem = namingProblem(answer, target.param);
          if (problem !== undefined) {
            problems.push(`${where}: ${problem}`);
          }
        }
      }
      assert.deepEqual(problems, []);
    });
  }

  for (const { endpoint, verb } of endpointVerbs()) {
    it(`${verb} ${endpoint}: every Object.prototype name as a key is ignored, or refused when strict`, async () => {
      const send = (extra: Record<string, string>, strict: boolean): Promise<Answer> => {
        if (verb === 'GET') {
          return get(endpoint, { ...extra, ...(strict ? { strict: 'true' } : {}) });
        }
        // Built as text: `__proto__` must be a key of the JSON, not the object's prototype.
        const fields = Object.keys(extra).map((k) => `${JSON.stringify(k)}: "1"`);
        return post(
          endpoint,
          `{${fields.join(', ')}}`,
          strict ? { 'X-Strict-Params': 'true' } : {},
        );
      };
      const base = await send({}, false);
      assert.ok(base.status < 500, JSON.stringify(base.body));
      const problems: string[] = [];
      for (const key of PROTOTYPE_KEYS) {
        const lenient = await send({ [key]: '1' }, false);
        const strict = await send({ [key]: '1' }, true);
        if (verb === 'POST' && key === '__proto__') {
          // The edge's JSON parser refuses a __proto__ key in any body (a 400 naming it).
          for (const a of [lenient, strict]) {
            if (a.status !== 400) {
              problems.push(`${key}: expected the edge's 400, got ${String(a.status)}`);
            }
          }
          continue;
        }
        if (lenient.status !== base.status || lenient.ignored !== ignoredParamsHeader([key])) {
          problems.push(
            `${key}: ${String(lenient.status)} (base ${String(base.status)}), X-Ignored-Params ${String(lenient.ignored)}`,
          );
        }
        const strictProblem =
          strict.status === 422 ? namingProblem(strict, key) : `strict: ${String(strict.status)}`;
        if (strictProblem !== undefined) {
          problems.push(`${key} strict: ${strictProblem}`);
        }
      }
      assert.deepEqual(problems, []);
    });
  }
});
