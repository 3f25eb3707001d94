// Runs a compiled entry point of the project, building first only when dist/ is older than the
// sources (scripts/build-sources.mjs decides, in a few milliseconds). Every CLI script and
// `npm start` go through it, so a second run starts at once instead of recompiling the tree.
// Usage: node scripts/run-built.mjs <entry under dist/, e.g. apps/localnet/src/cli.js> [args...]
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isBuildCurrent } from './build-sources.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (entry === undefined || entry.startsWith('-')) {
  process.stderr.write('usage: node scripts/run-built.mjs <entry under dist/> [args...]\n');
  process.exit(2);
}
const outDir = join(root, 'dist');
if (!isBuildCurrent(root, outDir)) {
  process.stderr.write('run-built: the sources changed since the last build; building dist/\n');
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    process.stderr.write('run-built: the build failed; nothing was run\n');
    process.exit(build.status ?? 1);
  }
}
// In this process rather than a child: signals (Ctrl-C), exit codes and stdio need no relaying.
const main = join(outDir, entry);
process.argv = [process.argv[0], main, ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(main).href);
