// `npm run build`: compiles the TypeScript tree with swc into dist/ (or the directory given, as
// scripts/build-to.sh does) and stamps it with the time the build started, so that
// scripts/run-built.mjs can tell whether the output is current without compiling again.
// Usage: node scripts/build.mjs [outDir]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_DIRS, STAMP_FILE } from './build-sources.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = resolve(root, process.argv[2] ?? 'dist');
const startedAtMs = Date.now();
const result = spawnSync(
  join(root, 'node_modules', '.bin', 'swc'),
  [
    '.',
    '-d',
    outDir,
    '-q',
    '--only',
    SOURCE_DIRS.map((dir) => `${dir}/**/*.ts`).join(','),
    '--ignore',
    'node_modules/**,dist/**,.tmp/**',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (result.error) {
  process.stderr.write(`build: could not run swc: ${result.error.message}\n`);
  process.exit(1);
}
if (result.status !== 0) {
  process.exit(result.status ?? 1);
}
mkdirSync(outDir, { recursive: true });
pruneStaleOutputs();
writeFileSync(join(outDir, STAMP_FILE), `${JSON.stringify({ startedAtMs })}\n`);

/**
 * Deletes the outputs whose source is gone (a moved or deleted .ts): the test runner finds specs by
 * walking the output, so a stale compiled spec would otherwise keep running from its old place.
 */
function pruneStaleOutputs() {
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      const compiled = /\.js(\.map)?$/.exec(entry.name);
      if (compiled === null) {
        continue;
      }
      const source = join(root, relative(outDir, path)).slice(0, -compiled[0].length) + '.ts';
      if (!existsSync(source)) {
        rmSync(path);
      }
    }
  };
  for (const dir of SOURCE_DIRS) {
    if (existsSync(join(outDir, dir))) {
      walk(join(outDir, dir));
    }
  }
}
