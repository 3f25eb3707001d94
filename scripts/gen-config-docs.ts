// Writes docs/configuration.md from the config schema (libs/config). Run: npm run docs:config
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderConfigurationDoc } from '../libs/config/src/config-docs';

const path = resolve(process.cwd(), 'docs/configuration.md');
writeFileSync(path, renderConfigurationDoc());
process.stdout.write(`wrote ${path}\n`);
