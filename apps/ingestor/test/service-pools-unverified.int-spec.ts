/**
 * The ingestor's and the decoder's own liteserver pools count and log what they refuse: against a
 * local network one of whose 2 liteservers forges a signature in its block proofs, each process's
 * /metrics shows tonapi_liteserver_unverified_total{reason="signatures"} and its log names that
 * liteserver, as v2's pool does.
 */
import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFreePort } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type Localnet, startLocalnet } from '@app/localnet';
import { IngestorProcess, PrivateNats } from '../../../test/integration/support/private-services';

/** Polls `read` until `done` holds for its value; errors (a port not yet listening) count as "not yet". */
async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** tonapi_liteserver_unverified_total by reason, from a Prometheus text page. */
function unverified(metrics: string): Map<string, number> {
  return new Map(
    [...metrics.matchAll(/^tonapi_liteserver_unverified_total\{reason="([^"]+)"\} (\d+)/gm)].map(
      (m) => [String(m[1]), Number(m[2])],
    ),
  );
}

/** The services with their own liteserver pool besides v2's, and their environment beyond the common. */
const SERVICES = [
  { name: 'ingestor', entry: 'apps/ingestor/src/main.js', env: { INGEST_START_SEQNO: '1' } },
  { name: 'decoder', entry: 'apps/decoder/src/main.js', env: {} },
] as const;

void describe('ingestor and decoder processes: their pools count and log the answers they refuse', () => {
  let dir: string;
  let localnet: Localnet;
  let db: TestDatabase;
  let nats: PrivateNats;
  const processes: IngestorProcess[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ingest-unverified-'));
    await chmod(dir, 0o755);
    localnet = await startLocalnet({
      seed: 'none',
      mode: 'manual',
      liteservers: 2,
      configOut: join(dir, 'localnet.config.json'),
    });
    await localnet.producer.sealNow();
    await localnet.producer.sealNow();
    // Liteserver 1's block proofs carry a forged validator signature. The honest one lags a block
    // behind, so the head liteserver 1 announces is one only it is asked to prove.
    localnet.liteservers[0]?.setFault({ mode: 'lag', lagBlocks: 1 });
    localnet.liteservers[1]?.setFault({ mode: 'forge-signature' });
    db = await createTestDatabase({ prefix: 'ingest_unverified' });
    nats = new PrivateNats(await findFreePort(), join(dir, 'nats'));
    await nats.start();
  });

  after(async () => {
    for (const service of processes) {
      await service.stop();
    }
    await nats.stop();
    await localnet.stop();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  for (const { name, entry, env } of SERVICES) {
    void it(`${name}: counts the refused proofs in its /metrics and logs which liteserver sent them`, async () => {
      const opsPort = await findFreePort();
      const service = new IngestorProcess(
        {
          NATS_URL: nats.url,
          DATABASE_URL: db.url,
          TON_NETWORK: 'local',
          LITESERVERS_CONFIG: join(dir, 'localnet.config.json'),
          METRICS_PORT: String(opsPort),
          LOG_LEVEL: 'warn',
          ...env,
        },
        entry,
      );
      processes.push(service);
      service.start();
      const refused = await waitFor(
        async () =>
          unverified(await (await fetch(`http://127.0.0.1:${String(opsPort)}/metrics`)).text()),
        (byReason) => [...byReason.values()].some((n) => n > 0),
        `a refused answer counted in the ${name}'s /metrics`,
      );
      assert.deepEqual([...refused.keys()], ['signatures']);
      const log = await waitFor(
        () => Promise.resolve(service.output.join('')),
        (text) => text.includes('liteserver 1: unproven answer refused (signatures)'),
        'the refusal logged',
      );
      assert.doesNotMatch(log, /liteserver 0: unproven answer refused/);
    });
  }
});
