import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bodyHeadersProblem } from './body-headers';

const JSON_ONLY = (type: string): boolean => type === 'application/json';

function post(headers: Record<string, string>) {
  return { method: 'POST', headers };
}

void describe(bodyHeadersProblem.name, () => {
  void it('refuses an unreadable type (415) before a size over the limit (413)', () => {
    assert.deepEqual(
      bodyHeadersProblem(
        post({ 'content-type': 'Text/Plain; charset=utf-8', 'content-length': '52428800' }),
        1024,
        JSON_ONLY,
        true,
      ),
      { status: 415, message: "unsupported content-type 'text/plain': send application/json" },
    );
    assert.deepEqual(
      bodyHeadersProblem(
        post({ 'content-type': 'application/json', 'content-length': '1025' }),
        1024,
        JSON_ONLY,
        true,
      ),
      { status: 413, message: 'Request body is too large' },
    );
  });

  void it('leaves readable bodies, empty bodies, GETs and scopes with their own parsers alone', () => {
    const within = post({ 'content-type': 'application/json', 'content-length': '1024' });
    assert.equal(bodyHeadersProblem(within, 1024, JSON_ONLY, true), undefined);
    const empty = post({ 'content-type': 'text/plain', 'content-length': '0' });
    assert.equal(bodyHeadersProblem(empty, 1024, JSON_ONLY, true), undefined);
    const untyped = post({ 'content-length': '10' });
    assert.equal(bodyHeadersProblem(untyped, 1024, JSON_ONLY, true), undefined);
    const get = { method: 'GET', headers: { 'content-type': 'text/plain', 'content-length': '9' } };
    assert.equal(bodyHeadersProblem(get, 1024, JSON_ONLY, true), undefined);
    const sse = post({ 'content-type': 'text/plain', 'content-length': '10' });
    assert.equal(bodyHeadersProblem(sse, 1024, JSON_ONLY, false), undefined);
    const chunked = post({ 'content-type': 'application/xml', 'transfer-encoding': 'chunked' });
    assert.equal(bodyHeadersProblem(chunked, 1024, JSON_ONLY, true)?.status, 415);
  });
});
