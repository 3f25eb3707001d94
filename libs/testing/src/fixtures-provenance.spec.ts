import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURES_FOLDER } from './fixtures';

// Always the vendored copy, whatever TON_FIXTURES_DIR says: this checks what the repository ships.
const dir = resolve(process.cwd(), FIXTURES_FOLDER);
const readme = readFileSync(join(dir, 'README.md'), 'utf8');

interface Row {
  file: string;
  bytes: number;
  repo: string;
  commit: string;
  sha256: string;
}

const FILE_ROW =
  /^\| `([^`]+)` +\| (\d+) +\| ([\w.-]+\/[\w.-]+)@([0-9a-f]{8}) +\| `[^`]+` +\| `([0-9a-f]{64})` +\|/;
const SOURCE_ROW = /^\| \[([\w.-]+\/[\w.-]+)\]\([^)]+\) +\| `([0-9a-f]{40})` +\|/;

const rows: Row[] = readme.split('\n').flatMap((line) => {
  const m = FILE_ROW.exec(line);
  return m ? [{ file: m[1]!, bytes: Number(m[2]), repo: m[3]!, commit: m[4]!, sha256: m[5]! }] : [];
});
const sources = new Map(
  readme.split('\n').flatMap((line) => {
    const m = SOURCE_ROW.exec(line);
    return m ? [[m[1]!, m[2]!] as const] : [];
  }),
);

function walk(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? walk(path) : [relative(dir, path)];
  });
}

void describe('fixtures provenance (fixtures/README.md)', () => {
  void it('lists the files and their sources', () => {
    assert.ok(rows.length > 100, `only ${rows.length} file rows parsed`);
    assert.equal(sources.size, 7);
  });

  void it('holds exactly the files the table lists, and nothing else but the README', () => {
    const listed = rows.map((r) => r.file).sort();
    assert.equal(new Set(listed).size, listed.length, 'a file is listed twice');
    assert.deepEqual(
      walk(dir)
        .filter((f) => f !== 'README.md')
        .sort(),
      listed,
    );
  });

  void it('matches every file byte for byte: its size and sha256 are the recorded ones', () => {
    for (const row of rows) {
      const bytes = readFileSync(join(dir, row.file));
      assert.equal(bytes.length, row.bytes, `${row.file}: size`);
      assert.equal(
        createHash('sha256').update(bytes).digest('hex'),
        row.sha256,
        `${row.file}: sha256`,
      );
    }
  });

  void it('names, for every file, a source whose commit and licence text are recorded', () => {
    for (const row of rows) {
      const commit = sources.get(row.repo);
      assert.ok(
        commit?.startsWith(row.commit),
        `${row.file}: ${row.repo}@${row.commit} is not a listed source`,
      );
      const licence = `LICENSES/${row.repo.replace('/', '__')}.LICENSE.txt`;
      assert.ok(
        rows.some((r) => r.file === licence),
        `${row.file}: no licence text ${licence}`,
      );
    }
  });
});
