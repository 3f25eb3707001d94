import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { satisfies } from 'semver';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

/**
 * `npm ci` warns EBADENGINE for every locked package whose `engines.node` excludes the running Node.
 * CI runs on the Node 20 the README names, so every package in the lockfile must admit it; the pins
 * in package.json's `overrides` exist for this.
 */
void describe('the running Node version', () => {
  void it('is admitted by the engines range of every locked package (no EBADENGINE on npm ci)', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const excluded = Object.entries(lock.packages).flatMap(([path, locked]) => {
      const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      return range === undefined || satisfies(process.version, range)
        ? []
        : [`${path}@${locked.version ?? '?'} wants node ${range}`];
    });
    assert.deepEqual(excluded, []);
  });
});
