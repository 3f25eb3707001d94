// What the build compiles and when it last did, shared by scripts/build.mjs (which writes the stamp)
// and scripts/run-built.mjs (which reads it to decide whether a CLI needs a build first).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The directories swc compiles (every *.ts under them), relative to the repository root. */
export const SOURCE_DIRS = ['apps', 'libs', 'test', 'bench', 'scripts'];
/** Files whose change changes the output although no source did. */
export const BUILD_INPUTS = ['.swcrc', 'scripts/build.mjs'];
/** Written into the output directory after a successful build; holds when that build started. */
export const STAMP_FILE = '.build-stamp';

/**
 * The newest modification time (ms) among the sources and the directories holding them. A
 * directory's time changes when an entry is added, removed or renamed, so a renamed or deleted
 * source counts too, even though the file itself keeps its old time.
 */
export function newestSourceMtimeMs(root) {
  let newest = 0;
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      // A source directory this checkout does not have (e.g. a trimmed image) has nothing to build.
      return;
    }
    newest = Math.max(newest, statSync(dir).mtimeMs);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') {
          walk(path);
        }
      } else if (entry.name.endsWith('.ts')) {
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  for (const dir of SOURCE_DIRS) {
    walk(join(root, dir));
  }
  for (const file of BUILD_INPUTS) {
    try {
      newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
    } catch {
      // An input that is absent cannot have changed.
    }
  }
  return newest;
}

/** When the build that produced `outDir` started (ms), or undefined when it has no stamp. */
export function buildStartedAtMs(outDir) {
  try {
    const stamp = JSON.parse(readFileSync(join(outDir, STAMP_FILE), 'utf8'));
    return typeof stamp.startedAtMs === 'number' ? stamp.startedAtMs : undefined;
  } catch {
    // No stamp (never built, or built before stamps existed) or a damaged one: not current.
    return undefined;
  }
}

/**
 * Whether `outDir` was built from the sources as they are now: its build started after the newest
 * change. A source saved during a build therefore makes the next run build again.
 */
export function isBuildCurrent(root, outDir) {
  const startedAt = buildStartedAtMs(outDir);
  return startedAt !== undefined && newestSourceMtimeMs(root) < startedAt;
}
