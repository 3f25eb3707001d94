import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  clientAddress,
  type EdgeHarness,
  sampleValue,
  sendRaw,
  startEdgeHarness,
} from './support/edge-harness';

const ANONYMOUS_RPS = 5;
const STORE_READS = 'tonapi_edge_key_store_reads_total';
const FLOOD = 400;
const WORKERS = 4;

const randomKey = (): string => randomBytes(32).toString('hex');

// A flood of random well-formed keys from one client: each wrong key is charged to the client's
// anonymous allowance (401, then 429 once it is spent), and past the anonymous rate of wrong keys a
// key the cache does not know is refused without a PostgreSQL read.
void describe('edge: a flood of unknown API keys', () => {
  let harness: EdgeHarness;
  let key: string;

  before(async () => {
    harness = await startEdgeHarness({ redis: true, anonymousRps: ANONYMOUS_RPS });
    key = await harness.createKey('flood', 1000);
  });

  after(async () => {
    await harness.close();
  });

  const storeReads = async (): Promise<number> =>
    sampleValue(await (await fetch(`${harness.baseUrl}/metrics`)).text(), STORE_READS);

  void it('answers 401 then 429, reading the key store at most at the anonymous rate', async () => {
    const attacker = clientAddress(1);
    const readsBefore = await storeReads();
    const statuses = new Map<number, number>();
    const startedAt = Date.now();
    let sent = 0;
    const worker = async (): Promise<void> => {
      while (sent < FLOOD) {
        sent += 1;
        const answer = await sendRaw(harness.baseUrl, 'GET', '/api/v2/getMasterchainInfo', {
          'x-forwarded-for': attacker,
          'x-api-key': randomKey(),
        });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    // rate-limiter-flexible's windows open at a client's first request: a flood that lasted s
    // seconds met at most ceil(s) + 1 of them.
    const windows = Math.ceil((Date.now() - startedAt) / 1000) + 1;
    const reads = (await storeReads()) - readsBefore;

    assert.deepEqual([...statuses.keys()].sort(), [401, 429], JSON.stringify([...statuses]));
    assert.ok((statuses.get(401) ?? 0) <= ANONYMOUS_RPS * windows, JSON.stringify([...statuses]));
    // In each window, the lookups of the workers that passed the check just before the allowance
    // ran out may still read: at most one more per worker.
    assert.ok(
      reads <= (ANONYMOUS_RPS + WORKERS) * windows,
      `${String(reads)} reads in ${String(windows)} windows`,
    );
    assert.ok(reads >= 1);
  });

  void it('remembers an unknown key: retrying it costs no further read', async () => {
    const wrong = randomKey();
    const first = await sendRaw(harness.baseUrl, 'GET', '/api/v3/masterchainInfo', {
      'x-forwarded-for': clientAddress(2),
      'x-api-key': wrong,
    });
    assert.deepEqual([first.status, first.body], [401, '{"error":"API key does not exist"}']);
    const readsBefore = await storeReads();
    for (let i = 0; i < 20; i += 1) {
      const again = await sendRaw(harness.baseUrl, 'GET', '/api/v3/masterchainInfo', {
        'x-forwarded-for': clientAddress(100 + i),
        'x-api-key': wrong,
      });
      assert.equal(again.status, 401);
    }
    assert.equal((await storeReads()) - readsBefore, 0);
  });

  void it('still serves a live key from the flooding address, and anonymous callers elsewhere', async () => {
    const keyed = await sendRaw(harness.baseUrl, 'GET', '/api/v2/getMasterchainInfo', {
      'x-forwarded-for': clientAddress(3),
      'x-api-key': key,
    });
    assert.equal(keyed.status, 200, keyed.body);
    const fromFlooder = await sendRaw(harness.baseUrl, 'GET', '/api/v2/getMasterchainInfo', {
      'x-forwarded-for': clientAddress(1),
      'x-api-key': key,
    });
    // The key is known to the cache now: no store read, so the flood's count does not stand in the way.
    assert.equal(fromFlooder.status, 200, fromFlooder.body);
    const anonymous = await sendRaw(harness.baseUrl, 'GET', '/api/v2/getMasterchainInfo', {
      'x-forwarded-for': clientAddress(4),
    });
    assert.equal(anonymous.status, 200, anonymous.body);
  });
});
