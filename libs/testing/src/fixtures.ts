import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Where the vendored chain data lives, relative to the repository root (fixtures/README.md). */
export const FIXTURES_FOLDER = 'fixtures';

/**
 * The real chain data of fixtures/ (mainnet blocks, states, configs, ton-indexer traces). Tests run
 * from the repository root; TON_FIXTURES_DIR points elsewhere, e.g. at a larger local collection.
 */
export function fixturesDir(): string {
  const dir = process.env.TON_FIXTURES_DIR ?? resolve(process.cwd(), FIXTURES_FOLDER);
  if (!existsSync(dir)) {
    throw new Error(
      `fixtures not found at ${dir}; run from the repository root or set TON_FIXTURES_DIR`,
    );
  }
  return dir;
}

export function fixturePath(...parts: string[]): string {
  return resolve(fixturesDir(), ...parts);
}

export function readFixture(...parts: string[]): Buffer {
  return readFileSync(fixturePath(...parts));
}

export function readFixtureJson(...parts: string[]): unknown {
  return JSON.parse(readFixture(...parts).toString('utf8')) as unknown;
}
