import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

// CI runs scripts/ensure-services.sh before the tests, so here every service is up and a second run
// must change nothing.
void describe('scripts/ensure-services.sh', () => {
  void it('is a no-op when PostgreSQL, NATS with JetStream and Redis are already running', () => {
    const run = spawnSync('bash', ['scripts/ensure-services.sh'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stdout,
      '[ensure-services] PostgreSQL already reachable on 127.0.0.1:5432\n' +
        '[ensure-services] NATS with JetStream already reachable on 127.0.0.1:4222\n' +
        '[ensure-services] Redis already reachable on 127.0.0.1:6379\n',
    );
    assert.equal(run.stderr, '');
  });
});
