import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertSafeDatabaseName,
  databaseName,
  parseDatabaseUrl,
  redactDatabaseUrl,
  withDatabase,
} from './database-url';

void describe('database-url', () => {
  void it('withDatabase swaps only the database, keeping credentials, host and options', () => {
    assert.equal(
      withDatabase('postgres://app:s3cret@db.internal:6432/ton?sslmode=require', 'test_x1'),
      'postgres://app:s3cret@db.internal:6432/test_x1?sslmode=require',
    );
    assert.equal(
      withDatabase('postgres://postgres@127.0.0.1:5432', 'other'),
      'postgres://postgres@127.0.0.1:5432/other',
    );
  });

  void it('databaseName reads the path, defaulting to the user name as libpq does', () => {
    assert.equal(databaseName('postgresql://postgres@127.0.0.1:5432/test'), 'test');
    assert.equal(databaseName('postgres://indexer@127.0.0.1:5432'), 'indexer');
  });

  void it('rejects URLs that are not postgres URLs with a message naming DATABASE_URL', () => {
    assert.throws(() => parseDatabaseUrl('not a url'), /DATABASE_URL is not a valid URL/);
    assert.throws(
      () => parseDatabaseUrl('mysql://root@127.0.0.1/test'),
      /DATABASE_URL must use the postgres:\/\/ scheme, got "mysql"/,
    );
  });

  void it('accepts only identifiers that need no escaping', () => {
    assertSafeDatabaseName('test_mi8k2v_4f2_9a1c3e');
    assert.throws(() => {
      assertSafeDatabaseName('x"; DROP DATABASE test; --');
    }, /invalid database name/);
    assert.throws(() => {
      assertSafeDatabaseName('Upper');
    }, /invalid database name/);
    assert.throws(() => {
      assertSafeDatabaseName('a'.repeat(64));
    }, /invalid database name/);
  });

  void it('redacts the password for logs', () => {
    assert.equal(
      redactDatabaseUrl('postgres://app:s3cret@db:5432/ton'),
      'postgres://app:***@db:5432/ton',
    );
    assert.equal(redactDatabaseUrl('postgres://app@db:5432/ton'), 'postgres://app@db:5432/ton');
  });
});
