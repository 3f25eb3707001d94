import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode } from '@app/contracts';
import { QueryFailedError } from 'typeorm';
import { databaseUnavailableError, isDatabaseUnavailable as sut } from './database-unavailable';

/** An Error with a `code`, as node-postgres and Node's sockets make them. */
function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

void describe('isDatabaseUnavailable', () => {
  void it('recognises a server that cannot be reached or is going away', () => {
    for (const error of [
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      coded('read ECONNRESET', 'ECONNRESET'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('the database system is shutting down', '57P03'),
      coded('sorry, too many clients already', '53300'),
      coded('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // TypeORM wraps the driver's error of a query.
      new QueryFailedError('SELECT 1', [], coded('the database system is shutting down', '57P03')),
      new Error('outer', { cause: coded('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ]) {
      assert.equal(sut(error), true, error.message);
    }
  });

  void it('leaves the errors of a query or of the data to the caller', () => {
    for (const error of [
      coded('relation "blocks" does not exist', '42P01'),
      coded('duplicate key value violates unique constraint', '23505'),
      coded('could not write init file: No space left on device', '53100'),
      new QueryFailedError('SELECT x', [], coded('column "x" does not exist', '42703')),
      new Error('something else'),
      'a string',
      undefined,
    ]) {
      assert.equal(sut(error), false, String(error));
    }
  });

  void it('translates for the RPC error filter: SERVICE_UNAVAILABLE, retryable, no detail leaked', () => {
    const translated = databaseUnavailableError(
      coded('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED'),
    );
    assert.deepEqual(translated?.toPayload(), {
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'database unavailable',
      retryable: true,
    });
    assert.equal(databaseUnavailableError(new Error('syntax error')), undefined);
  });
});
