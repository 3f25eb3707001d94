import assert from 'node:assert/strict';
import { createLogger } from '@app/observability';
import { createStandaloneApp } from '@app/standalone';
import { type Localnet, type LocalnetOptions, startLocalnet } from '@app/localnet';
import { SHARED_LOOP_PROTECTION } from './standalone-options';
import { waitReady } from './wait-ready';

/** One HTTP reply: status and the JSON body as an object. */
export interface V2Reply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export interface V2Harness {
  readonly localnet: Localnet;
  readonly baseUrl: string;
  /** GET /api/v2/<method>?<params>. */
  get(
    method: string,
    params?: Record<string, string | number | boolean | string[]>,
  ): Promise<V2Reply>;
  /** POST /api/v2/<method> with a JSON body. */
  post(method: string, body: unknown): Promise<V2Reply>;
  /** POST /api/v2/jsonRPC. */
  jsonRpc(method: string, params: Record<string, unknown>, id?: number): Promise<V2Reply>;
  close(): Promise<void>;
}

async function asReply(response: Response): Promise<V2Reply> {
  const body: unknown = await response.json();
  assert.ok(typeof body === 'object' && body !== null && !Array.isArray(body), 'a JSON object');
  return { status: response.status, body: Object.fromEntries(Object.entries(body)) };
}

/**
 * The whole service in this process (single-process mode, in-process transport) in front of a fresh
 * localnet. `manual` block production by default: the head only moves when a test seals, so values
 * read from the chain are the values the API serves.
 */
export async function startV2Harness(options: LocalnetOptions = {}): Promise<V2Harness> {
  const localnet = await startLocalnet({ seed: 'genesis', mode: 'manual', ...options });
  const app = await createStandaloneApp({
    natsRequestTimeoutMs: 10_000,
    endpoints: localnet.liteservers.map((ls) => ls.endpoint),
    liteserverTimeoutMs: 3000,
    protection: SHARED_LOOP_PROTECTION,
    logger: createLogger({ app: 'test', level: 'silent' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = await app.getUrl();
  await waitReady(baseUrl);
  const api = `${baseUrl}/api/v2`;
  return {
    localnet,
    baseUrl,
    get: async (method, params = {}) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) {
        for (const v of Array.isArray(value) ? value : [value]) {
          query.append(key, String(v));
        }
      }
      return asReply(await fetch(`${api}/${method}?${query.toString()}`));
    },
    post: async (method, body) =>
      asReply(
        await fetch(`${api}/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    jsonRpc: async (method, params, id = 1) =>
      asReply(
        await fetch(`${api}/jsonRPC`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        }),
      ),
    close: async () => {
      await app.close();
      await localnet.stop();
    },
  };
}
