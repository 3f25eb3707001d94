/** The repository the deployment files are checked in, and the apps of its mesh. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = process.cwd();
/** Every app with an entry point, except the single-process launcher and the localnet tool. */
export const MESH_APPS = readdirSync(join(ROOT, 'apps'))
  .filter((app) => existsSync(join(ROOT, 'apps', app, 'src', 'main.ts')))
  .filter((app) => app !== 'standalone' && app !== 'localnet')
  .sort();
