import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@app/observability';
import { natsUrl } from '@app/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';
import { createMeshGateway } from '../src/gateway-app';
import { fieldsOf } from '../src/openapi/json-schema';
import { V2_METHODS } from '../src/v2/v2-methods.registry';
import { V3_ENDPOINTS } from '../src/v3/v3-endpoints.registry';

/** The docs routes themselves, which are not API operations. */
const DOCS_ROUTES = /^\/api\/v[23](\/|\/openapi\.json|\/index\.html)?$/;

type OpenApiDocument = Record<string, unknown> & {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in?: string; example?: unknown }[];
        responses?: Record<string, { headers?: Record<string, unknown> }>;
      }
    >
  >;
};

function isDocument(value: unknown): value is OpenApiDocument {
  return typeof value === 'object' && value !== null && 'paths' in value;
}

// The documents the gateway serves: valid OpenAPI 3.1, one operation per registered v2 method and
// verb, v3 endpoint and verb, and every concrete route the gateway registers under /api/v2 and
// /api/v3 (so a method, endpoint or route added later cannot be left out).
describe('OpenAPI documents', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  const routes: { method: string; url: string }[] = [];
  const documents: Record<'v2' | 'v3', OpenApiDocument> = { v2: { paths: {} }, v3: { paths: {} } };

  before(async () => {
    app = await createMeshGateway({
      natsUrl: natsUrl(),
      subjectPrefix: `test-${randomUUID()}`,
      requestTimeoutMs: 2000,
      logger: createLogger({ app: 'test', level: 'silent' }),
    });
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          routes.push({ method, url: route.url });
        }
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = await app.getUrl();
    for (const version of ['v2', 'v3'] as const) {
      const response = await fetch(`${baseUrl}/api/${version}/openapi.json`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      const body: unknown = await response.json();
      assert.ok(isDocument(body));
      documents[version] = body;
    }
  });

  after(async () => {
    await app.close();
  });

  it('are valid OpenAPI 3.1 documents', async () => {
    for (const version of ['v2', 'v3'] as const) {
      const result = await new Validator().validate(documents[version]);
      assert.deepEqual(result.errors, undefined, `${version}: ${JSON.stringify(result.errors)}`);
      assert.equal(result.valid, true);
    }
  });

  it('document every v2 method with each of its verbs, and JSON-RPC', () => {
    const paths = documents.v2.paths;
    for (const method of V2_METHODS.values()) {
      const item = paths[`/api/v2/${method.name}`];
      assert.ok(item, `${method.name} is documented`);
      assert.deepEqual(
        Object.keys(item).sort(),
        method.verbs.map((v) => v.toLowerCase()).sort(),
        method.name,
      );
    }
    assert.ok(paths['/api/v2/jsonRPC']?.post);
    assert.equal(Object.keys(paths).length, V2_METHODS.size + 1);
  });

  it('document every v3 endpoint with each of its verbs', () => {
    const paths = documents.v3.paths;
    for (const endpoint of V3_ENDPOINTS.values()) {
      const item = paths[`/api/v3/${endpoint.name}`];
      assert.ok(item, `${endpoint.name} is documented`);
      assert.deepEqual(
        Object.keys(item).sort(),
        (endpoint.verbs ?? ['GET']).map((v) => v.toLowerCase()).sort(),
        endpoint.name,
      );
    }
    assert.equal(Object.keys(paths).length, V3_ENDPOINTS.size);
  });

  it('document every concrete route registered under /api/v2 and /api/v3', () => {
    const api = routes.filter(
      (r) =>
        /^\/api\/v[23]\//.test(r.url) &&
        !r.url.includes(':') &&
        !DOCS_ROUTES.test(r.url) &&
        r.method !== 'HEAD',
    );
    assert.ok(
      api.some((r) => r.url === '/api/v2/jsonRPC'),
      'the route table was observed',
    );
    for (const route of api) {
      const version = route.url.startsWith('/api/v2/') ? 'v2' : 'v3';
      const item = documents[version].paths[route.url];
      // GET /api/v2/jsonRPC only answers 405, as toncenter does: not an operation.
      if (route.url === '/api/v2/jsonRPC' && route.method === 'GET') {
        continue;
      }
      assert.ok(item?.[route.method.toLowerCase()], `${route.method} ${route.url} is documented`);
    }
    // The parametric routes are the registries' (checked above).
    const parametric = routes.filter((r) => /^\/api\/v[23]\//.test(r.url) && r.url.includes(':'));
    assert.ok(parametric.some((r) => r.url === '/api/v2/:method'));
    assert.ok(parametric.some((r) => r.url === '/api/v3/:endpoint'));
  });

  it('give every parameter an example its own schema accepts', () => {
    for (const method of V2_METHODS.values()) {
      for (const [name, field] of fieldsOf(method.paramsSchema)) {
        const meta =
          z.globalRegistry.get(field) ??
          (field instanceof z.ZodOptional ? z.globalRegistry.get(field.unwrap()) : undefined);
        assert.ok(meta !== undefined && 'example' in meta, `${method.name}.${name} has an example`);
        assert.ok(field.safeParse(meta.example).success, `${method.name}.${name} example`);
      }
    }
    const getMasterchainInfo = documents.v2.paths['/api/v2/getAddressInformation']?.get;
    assert.deepEqual(
      getMasterchainInfo?.parameters?.map((p) => [p.name, p.example]),
      [
        ['address', 'Ef8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM0vF'],
        ['seqno', 1],
      ],
    );
  });

  it('document X-No-Address-Book and X-No-Metadata where the answer has the field they empty', () => {
    const headers = (path: string, verb = 'get'): string[] =>
      (documents.v3.paths[path]?.[verb]?.parameters ?? [])
        .filter((p) => p.name.startsWith('X-'))
        .map((p) => p.name);
    const always = ['X-Timeout', 'X-Strict-Params'];
    const both = [...always, 'X-No-Address-Book', 'X-No-Metadata'];
    assert.deepEqual(headers('/api/v3/jetton/wallets'), both);
    assert.deepEqual(headers('/api/v3/accountStates'), both);
    assert.deepEqual(headers('/api/v3/pendingActions'), both);
    // No metadata field: dns/records and transactions have an address book only.
    assert.deepEqual(headers('/api/v3/dns/records'), [...always, 'X-No-Address-Book']);
    assert.deepEqual(headers('/api/v3/transactions'), [...always, 'X-No-Address-Book']);
    // The metadata endpoint answers the metadata itself, not a field of it.
    assert.deepEqual(headers('/api/v3/metadata'), always);
    assert.deepEqual(headers('/api/v3/blocks'), always);
    assert.deepEqual(headers('/api/v3/message', 'post'), always);
  });

  it('document strict mode (?strict, X-Strict-Params) and X-Ignored-Params on every v3 operation', () => {
    for (const [path, item] of Object.entries(documents.v3.paths)) {
      for (const [verb, op] of Object.entries(item)) {
        const names = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
        assert.ok(names.includes('header:X-Strict-Params'), `${verb} ${path}`);
        assert.equal(names.includes('query:strict'), verb === 'get', `${verb} ${path} ?strict`);
        assert.ok(op.responses?.['200']?.headers?.['X-Ignored-Params'], `${verb} ${path} 200`);
      }
    }
  });

  it('serve Swagger UI from node_modules at /api/v2/ and /api/v3/', async () => {
    for (const version of ['v2', 'v3']) {
      const page = await fetch(`${baseUrl}/api/${version}/`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      const html = await page.text();
      assert.ok(html.includes(`data-url="/api/${version}/openapi.json"`));
      assert.doesNotMatch(html, /https?:\/\//, 'no CDN');
      const redirect = await fetch(`${baseUrl}/api/${version}`, { redirect: 'manual' });
      assert.equal(redirect.status, 301);
      assert.equal(redirect.headers.get('location'), `/api/${version}/`);
    }
    const bundle = await fetch(`${baseUrl}/api/docs/swagger-ui-bundle.js`);
    assert.equal(bundle.status, 200);
    assert.ok((await bundle.arrayBuffer()).byteLength > 500_000);
  });
});
