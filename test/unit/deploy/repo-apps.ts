/** The repository the deployment files are checked in, and the apps of its mesh. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const ROOT = process.cwd();
/** Every app with an entry point, except the single-process launcher and the localnet tool. */
export const MESH_APPS: readonly string[] = readdirSync(join(ROOT, 'apps'))
  .filter((app) => existsSync(join(ROOT, 'apps', app, 'src', 'main.ts')))
  .filter((app) => app !== 'standalone' && app !== 'localnet')
  .sort();

/** Every YAML document of a file, as plain objects (empty documents left out); fails on YAML errors. */
export function readYamlDocuments(...path: string[]): unknown[] {
  const text = readFileSync(join(ROOT, ...path), 'utf8');
  return parseAllDocuments(text).flatMap((doc) => {
    if (!('toJS' in doc)) {
      return [];
    }
    assert.deepEqual(doc.errors, [], `${path.join('/')}: ${String(doc.errors[0])}`);
    const value: unknown = doc.toJS();
    return value === null ? [] : [value];
  });
}
