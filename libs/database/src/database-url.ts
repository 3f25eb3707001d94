/**
 * DATABASE_URL helpers. URLs are postgres://user[:password]@host:port/database; only the database path
 * segment is rewritten so that credentials, host and query options (sslmode, ...) are kept.
 */

/** PostgreSQL identifiers we create ourselves: lower-case, digits and `_`, at most 63 bytes (NAMEDATALEN-1). */
const SAFE_DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSafeDatabaseName(name: string): void {
  if (!SAFE_DATABASE_NAME.test(name)) {
    throw new Error(
      `invalid database name "${name}": use lower-case letters, digits and _ (at most 63 characters)`,
    );
  }
}

export function parseDatabaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // new URL throws a TypeError without the value; the message below names the variable instead.
    throw new Error(
      'DATABASE_URL is not a valid URL (expected postgres://user@host:5432/database)',
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(
      `DATABASE_URL must use the postgres:// scheme, got "${parsed.protocol.replace(/:$/, '')}"`,
    );
  }
  return parsed;
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  assertSafeDatabaseName(database);
  const parsed = parseDatabaseUrl(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The database a URL names (`postgres` when the path is empty, as libpq does for user postgres). */
export function databaseName(url: string): string {
  const parsed = parseDatabaseUrl(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return name === '' ? decodeURIComponent(parsed.username || 'postgres') : name;
}

/** The URL with its password replaced, for logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    // Only for logs: an unparsable URL is never echoed, it may hold a password.
    return '<invalid url>';
  }
}
