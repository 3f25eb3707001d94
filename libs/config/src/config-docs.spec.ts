import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import {
  documentedVariables,
  readVariables,
  renderConfigurationDoc,
  undocumentedVariables,
} from './config-docs';

void describe('docs/configuration.md', () => {
  void it('is what the schema renders (run `npm run docs:config` after changing libs/config)', () => {
    const committed = readFileSync(resolve(process.cwd(), 'docs/configuration.md'), 'utf8');
    assert.equal(committed, renderConfigurationDoc());
  });

  void it('gives every variable a type and a meaning', () => {
    assert.deepEqual(undocumentedVariables(), []);
  });

  void it('lists every variable an entry point reads, once', () => {
    const documented = documentedVariables();
    assert.equal(new Set(documented).size, documented.length, 'a variable is in two sections');
    assert.deepEqual(documented, readVariables());
  });
});
