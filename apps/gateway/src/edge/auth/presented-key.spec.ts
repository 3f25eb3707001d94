import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { presentedKey } from './presented-key';

void describe('presentedKey', () => {
  void it('reads the X-API-Key header first, then the api_key parameter', () => {
    assert.deepEqual(presentedKey({ 'x-api-key': 'h' }, { api_key: 'q' }), {
      kind: 'key',
      key: 'h',
    });
    assert.deepEqual(presentedKey({}, { api_key: 'q' }), { kind: 'key', key: 'q' });
    assert.deepEqual(presentedKey({ 'x-api-key': ' h ' }, {}), { kind: 'key', key: 'h' });
  });

  void it('treats absent and empty values as no key', () => {
    assert.deepEqual(presentedKey({}, {}), { kind: 'none' });
    assert.deepEqual(presentedKey({ 'x-api-key': '' }, { api_key: '' }), { kind: 'none' });
    assert.deepEqual(presentedKey({}, undefined), { kind: 'none' });
  });

  void it('refuses repeated values', () => {
    assert.deepEqual(presentedKey({ 'x-api-key': ['a', 'b'] }, {}), { kind: 'invalid' });
    assert.deepEqual(presentedKey({}, { api_key: ['a', 'b'] }), { kind: 'invalid' });
  });
});
