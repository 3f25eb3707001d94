/** Static checks of the Dockerfile and its build context (no Docker engine runs here). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './repo-apps';

void describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

  void it('builds in one stage and runs production dependencies as a non-root user under tini', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+) AS (\S+)$/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(stages, [
      ['${NODE_IMAGE}', 'build'],
      ['${NODE_IMAGE}', 'prod-deps'],
      ['${NODE_IMAGE}', 'runtime'],
    ]);
    assert.match(dockerfile, /^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    assert.match(dockerfile, /^RUN npm run build$/m);
    assert.match(dockerfile, /^RUN npm ci --omit=dev /m);
    assert.match(dockerfile, /^USER node$/m);
    assert.match(dockerfile, /^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    assert.match(
      dockerfile,
      /^CMD \["sh", "-c", "exec node dist\/apps\/\$\{APP\}\/src\/main\.js"\]$/m,
    );
    assert.match(dockerfile, /^ARG APP=gateway$/m);
    assert.match(dockerfile, /^ENV APP=\$\{APP\}$/m);
    assert.match(dockerfile, /^HEALTHCHECK .*\n\s+CMD \["node", "-e", ".*\/healthz/m);
  });

  void it('keeps node_modules, dist and local state out of the build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', 'dist', '.git', '.tmp', '.data']) {
      assert.ok(ignored.includes(entry), `.dockerignore lacks ${entry}`);
    }
  });
});
