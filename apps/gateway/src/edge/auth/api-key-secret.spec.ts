import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key-secret';

void describe('api key secrets', () => {
  void it('generates distinct 64-hex-digit keys', () => {
    const keys = new Set(Array.from({ length: 100 }, () => generateApiKey()));
    assert.equal(keys.size, 100);
    for (const key of keys) {
      assert.match(key, /^[0-9a-f]{64}$/);
      assert.equal(isWellFormedApiKey(key), true);
    }
  });

  void it('hashes with SHA-256 in hex, ignoring the case of the key', () => {
    const key = 'ab'.repeat(32);
    assert.equal(
      hashApiKey(key),
      '271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a',
    );
    assert.equal(hashApiKey(key.toUpperCase()), hashApiKey(key));
    assert.equal(
      hashApiKey(''),
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  void it('refuses keys of another shape', () => {
    for (const bad of [
      '',
      'x'.repeat(64),
      'ab'.repeat(31),
      'ab'.repeat(33),
      `${'ab'.repeat(31)}a `,
    ]) {
      assert.equal(isWellFormedApiKey(bad), false, JSON.stringify(bad));
    }
    assert.equal(isWellFormedApiKey('AB'.repeat(32)), true);
  });
});
