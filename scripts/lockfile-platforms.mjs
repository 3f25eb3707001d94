// Adds to package-lock.json the platform-specific optional packages (e.g. @swc/core-darwin-arm64)
// that npm leaves out when the registry it installs from does not serve them, as the package mirror
// of our build machines does. Without those entries `npm ci` refuses the lockfile as out of sync.
// Each entry carries its os/cpu (read from the package name), so npm skips it on other platforms
// and fetches it normally where it applies. Run after changing dependencies:
//   node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'loong64', 'riscv64', 'wasm32'];

function platformOf(name) {
  const base = name.split('/').pop();
  const parts = base.split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c));
  if (!os || !cpu) {
    return undefined;
  }
  const libc = parts.some((p) => p.startsWith('musl'))
    ? ['musl']
    : parts.some((p) => p.startsWith('gnu'))
      ? ['glibc']
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc && os === 'linux' ? { libc } : {}) };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key === '' ? '' : `${key}/`}node_modules/${name}`;
    if (packages[`node_modules/${name}`] || packages[nested]) {
      continue;
    }
    const platform = platformOf(name);
    if (!platform) {
      continue;
    }
    packages[`node_modules/${name}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile-platforms: added ${added} platform package entries`);
