import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The real chain data of ../shared/fixtures (mainnet blocks, states, configs, lite_api answers, traces).
 * Tests run from the repository root, where CI also places shared/ beside the clone; TON_FIXTURES_DIR
 * overrides the location.
 */
export function fixturesDir(): string {
  const dir = process.env.TON_FIXTURES_DIR ?? resolve(process.cwd(), '../shared/fixtures');
  if (!existsSync(dir)) {
    throw new Error(`fixtures not found at ${dir}; set TON_FIXTURES_DIR`);
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
