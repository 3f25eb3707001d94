import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { uniqueName as sut } from './unique-name';

void describe('uniqueName', () => {
  void it('keeps the prefix and yields a PostgreSQL/NATS-safe identifier', () => {
    const name = sut('Cursor-Test');
    assert.match(name, /^cursor_test_[a-z0-9]+_[a-z0-9]+_[0-9a-f]{6}$/);
  });

  void it('starts with a letter and stays within 63 characters for any prefix', () => {
    const name = sut(`9${'x'.repeat(100)}`);
    assert.match(name, /^t9x+_/);
    assert.ok(name.length <= 63, `length ${name.length}`);
  });

  void it('does not repeat', () => {
    const names = new Set(Array.from({ length: 1000 }, () => sut('n')));
    assert.equal(names.size, 1000);
  });
});
